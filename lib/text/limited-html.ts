// A tiny renderer for the site's own "limited HTML" copy (glossary definitions): it understands
// only <a href="...">, <em> and <strong>; everything else is escaped as text. Links must point to a
// page on this site ("/path", optionally with #anchor) or to an https address. Never used on
// visitor input: it exists so our own copy can carry links and emphasis without raw HTML.

const TAG = /<(\/?)(a|em|strong)((?:\s+href="[^"<>]*")?)\s*>/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** True for "/a-page", "/a-page#part", "#part" on this site, and https:// URLs. */
export function isAllowedHref(href: string): boolean {
  if (/^\/(?!\/)[a-z0-9\-/]*(#[a-z0-9-]+)?$/i.test(href) || /^#[a-z0-9-]+$/i.test(href)) return true;
  if (!href.startsWith('https://')) return false;
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

export type LimitedHtmlProblem = string;

type Token = { kind: 'text'; text: string } | { kind: 'open'; tag: 'a' | 'em' | 'strong'; href?: string } | { kind: 'close'; tag: 'a' | 'em' | 'strong' };

function tokenize(source: string): { tokens: Token[]; problems: LimitedHtmlProblem[] } {
  const tokens: Token[] = [];
  const problems: LimitedHtmlProblem[] = [];
  const stack: Token[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    if (/[<>]/.test(text)) problems.push(`unsupported markup in "${text}"`);
    tokens.push({ kind: 'text', text });
  };
  for (const m of source.matchAll(TAG)) {
    const [whole, slash, tagName, attr] = m;
    const tag = tagName as 'a' | 'em' | 'strong';
    pushText(source.slice(last, m.index));
    last = m.index + whole.length;
    const href = attr ? attr.slice(attr.indexOf('"') + 1, -1) : undefined;
    if (slash) {
      const open = stack.at(-1);
      if (open && open.kind === 'open' && open.tag === tag && !attr) {
        stack.pop();
        tokens.push({ kind: 'close', tag });
      } else {
        problems.push(`unmatched </${tag}>`);
        pushText(whole.replace(/[<>]/g, ''));
      }
    } else if (tag === 'a' ? href === undefined || !isAllowedHref(href) : href !== undefined) {
      problems.push(tag === 'a' ? `link not allowed: ${href ?? '(no href)'}` : `<${tag}> takes no attributes`);
      pushText(whole.replace(/[<>]/g, ''));
    } else if (tag === 'a' && stack.some((t) => t.kind === 'open' && t.tag === 'a')) {
      problems.push('nested link');
      pushText(whole.replace(/[<>]/g, ''));
    } else {
      const token: Token = { kind: 'open', tag, href };
      stack.push(token);
      tokens.push(token);
    }
  }
  pushText(source.slice(last));
  for (const open of stack.reverse()) {
    if (open.kind === 'open') {
      problems.push(`unclosed <${open.tag}>`);
      tokens.push({ kind: 'close', tag: open.tag });
    }
  }
  return { tokens, problems };
}

/** Problems in a piece of limited HTML; an empty list means it renders exactly as written. */
export function limitedHtmlProblems(source: string): LimitedHtmlProblem[] {
  return tokenize(source).problems;
}

/** Safe HTML from limited HTML: allowed tags kept, every other character escaped, tags always balanced. */
export function renderLimitedHtml(source: string): string {
  return tokenize(source)
    .tokens.map((t) => {
      if (t.kind === 'text') return escapeHtml(t.text);
      if (t.kind === 'close') return `</${t.tag}>`;
      if (t.tag !== 'a') return `<${t.tag}>`;
      const href = t.href ?? '#';
      return `<a href="${escapeHtml(href)}"${href.startsWith('https://') ? ' rel="noopener"' : ''}>`;
    })
    .join('');
}

/** The words of limited HTML without any tags (for search and structured data). */
export function limitedHtmlToText(source: string): string {
  return tokenize(source)
    .tokens.filter((t) => t.kind === 'text')
    .map((t) => (t as { text: string }).text)
    .join('');
}
