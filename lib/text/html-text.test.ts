import { describe, expect, test } from 'bun:test';
import { decodeAttribute, decodeEntities, stripTags } from './html-text.ts';

describe('stripTags', () => {
  test('removes tags, scripts, styles and comments, decodes entities once and collapses spaces', () => {
    const html = '<p>Hello <b>Toronto</b>&nbsp;&amp; friends</p><script>alert("x")</script><style>p{}</style><!-- note --><p>Next&#39;s  line</p>';
    expect(stripTags(html)).toBe("Hello Toronto & friends Next's line");
  });

  test('escaped markup stays text and is never turned back into a tag', () => {
    expect(stripTags('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(stripTags('<p>&lt;b&gt;not bold&lt;/b&gt;</p>')).toBe('<b>not bold</b>');
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });

  test('an unclosed script or tag swallows the rest instead of leaking markup', () => {
    expect(stripTags('Safe text <script>evil()')).toBe('Safe text');
    expect(stripTags('Safe <img src=x onerror=alert(1)')).toBe('Safe');
  });

  test('a heading or list item without punctuation ends its sentence', () => {
    expect(stripTags('<h2>Start with the basics</h2><p>Then the rest.</p><ul><li>One</li><li>Two.</li></ul>')).toBe(
      'Start with the basics. Then the rest. One. Two.',
    );
    expect(stripTags('<h2>Why?</h2><p>Because.</p>')).toBe('Why? Because.');
    expect(stripTags('<ul><li><b>Bold item</b></li><li>Next</li></ul>')).toBe('Bold item. Next.');
  });
});

describe('named entities (the entities package, every name HTML knows)', () => {
  test('accents, currency and quotation marks in French and Portuguese text', () => {
    expect(stripTags('<p>Le gar&ccedil;on &agrave; la caf&eacute;t&eacute;ria paie 5&nbsp;&euro; &laquo;&nbsp;comptant&nbsp;&raquo;.</p>')).toBe(
      'Le garçon à la cafétéria paie 5 € « comptant ».',
    );
    expect(stripTags('Informa&ccedil;&atilde;o &eacute; poder &mdash; n&atilde;o h&aacute; cr&oacute;nica sem caf&eacute;')).toBe(
      'Informação é poder — não há crónica sem café',
    );
    expect(decodeEntities('&hellip;&rsquo;&oelig;&OElig;&trade;')).toBe('…’œŒ™');
  });

  test('references a browser reads without the semicolon, and unknown names left as written', () => {
    expect(decodeEntities('&copy 2025 &amp co')).toBe('© 2025 & co');
    expect(decodeEntities('&notaname; &zzz;')).toBe('¬aname; &zzz;');
  });

  test('numeric references, and invalid ones as the replacement character (as a browser shows them)', () => {
    expect(decodeEntities('&#233;&#xE9;&#128512;')).toBe('éé😀');
    expect(decodeEntities('a&#0;b&#xD800;c&#1114112;d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
  });

  test('an attribute value decodes as a browser decodes it (no legacy reference before = or a letter)', () => {
    expect(decodeAttribute('https://cdn.example/a.png?x=1&amp;y=2&copy=3')).toBe('https://cdn.example/a.png?x=1&y=2&copy=3');
  });
});

describe('words either side of an element boundary stay apart', () => {
  test('a forum post: "submitted by", the user link and [link] [comments] are separate words', () => {
    const html =
      '<table><tr><td><a href="https://forum.example/r/x"><img src="https://i.example/t.jpg" alt="thumb"></a></td><td><span>submitted by</span><a href="https://forum.example/user/maple_mop">/u/maple_mop</a><br/><span><a href="https://example.ca/post">[link]</a></span><span><a href="https://forum.example/c/1">[comments]</a></span></td></tr></table>';
    expect(stripTags(html)).toBe('submitted by /u/maple_mop [link] [comments]');
  });

  test('blocks, table cells, line breaks and images separate words', () => {
    expect(stripTags('<div>One</div><div>Two</div>')).toBe('One Two');
    expect(stripTags('Line one<br>Line two<br/>three')).toBe('Line one Line two three');
    expect(stripTags('<table><tr><td>Price</td><td>$40</td></tr></table>')).toBe('Price $40');
    expect(stripTags('before<img src="x.png">after')).toBe('before after');
    expect(stripTags('<dl><dt>Term</dt><dd>Meaning</dd></dl>')).toBe('Term Meaning');
  });

  test('two inline elements side by side are two words', () => {
    expect(stripTags('<em>very</em><strong>important</strong>')).toBe('very important');
    expect(stripTags('<a href="/a">[link]</a><a href="/b">[comments]</a>')).toBe('[link] [comments]');
  });

  test('a tag inside a word neither splits it nor joins it to another', () => {
    expect(stripTags('<b>W</b>ord')).toBe('Word');
    expect(stripTags('W<b>ord</b>')).toBe('Word');
    expect(stripTags('<i><b>W</b></i>ord and <a href="/">links</a>, commas')).toBe('Word and links, commas');
    expect(stripTags('(<a href="/x">see the list</a>)')).toBe('(see the list)');
    expect(stripTags('Toronto<sup>2</sup>')).toBe('Toronto2');
  });

  test('whitespace the source had is kept once, never doubled', () => {
    expect(stripTags('submitted by <a href="/u">user</a> <span>[link]</span>')).toBe('submitted by user [link]');
    expect(stripTags('<p> One </p>\n\n<p>\tTwo </p>')).toBe('One Two');
  });
});
