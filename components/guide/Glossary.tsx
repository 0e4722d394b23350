import { glossary, glossaryLetters, glossaryPreviewLetters, glossarySearchText, letterAnchor, matchesGlossary } from '../../lib/content/glossary.ts';
import { renderLimitedHtml } from '../../lib/text/limited-html.ts';
import { Island } from '../../server/islands/Island.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const restLetters = glossaryLetters.filter((letter) => !glossaryPreviewLetters.includes(letter));

/**
 * The guide's glossary, rendered on the server: every term is in the HTML (a term that does not match
 * the search is hidden, never removed), so it reads without JavaScript, and search engines see it all.
 * Unsearched, only the first letters show and the rest wait in a native <details> ("Show all 96 terms");
 * a letter link to one of them opens it (the browser does, for the fragment). The search box is a GET
 * form the server answers (`query`); the GlossarySearch island filters this list as you type, by each
 * term's `data-search` text, and ships none of the glossary itself.
 */
export function Glossary({ query }: { query: string }) {
  const visible = new Set(glossary.filter((g) => matchesGlossary(g, query)).map((g) => g.id));
  const lettersWithMatches = new Set(glossary.filter((g) => visible.has(g.id)).map((g) => g.letter));
  const searching = query.trim() !== '';
  return (
    <div data-glossary="" data-searching={searching ? 'true' : undefined}>
      <Island name="GlossarySearch" props={{ initialQuery: query, initialCount: visible.size, total: glossary.length }} />

      <nav aria-label="Glossary letters" className="mt-6">
        <ul className="flex flex-wrap gap-1">
          {ALPHABET.map((letter) => (
            <li key={letter}>
              <a
                href={`#${letterAnchor(letter)}`}
                data-letter-link={letter}
                aria-disabled={lettersWithMatches.has(letter) ? undefined : 'true'}
                className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-50 font-semibold text-blue-800 hover:bg-blue-100 aria-disabled:pointer-events-none aria-disabled:bg-transparent aria-disabled:text-slate-400"
              >
                {letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-8 space-y-10">
        {glossaryPreviewLetters.map((letter) => (
          <LetterSection key={letter} letter={letter} visible={visible} />
        ))}
      </div>
      {/* While searching, the rest is open and its summary hidden, so every match shows where it is. */}
      <details open={searching} className="group mt-10">
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 group-[[data-searching]_&]:hidden [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{`Show all ${glossary.length} terms`}</span>
          <span className="hidden group-open:inline">Show fewer terms</span>
          <LineIcon className="h-5 w-5 shrink-0 text-blue-700 transition group-open:rotate-180">
            <path d="M6 9l6 6 6-6" />
          </LineIcon>
        </summary>
        <div className="mt-10 space-y-10">
          {restLetters.map((letter) => (
            <LetterSection key={letter} letter={letter} visible={visible} />
          ))}
        </div>
      </details>
    </div>
  );
}

/** One letter's terms; a term that does not match the search stays in the HTML, hidden. */
function LetterSection({ letter, visible }: { letter: string; visible: ReadonlySet<string> }) {
  const terms = glossary.filter((g) => g.letter === letter);
  return (
    <section
      id={letterAnchor(letter)}
      data-glossary-letter={letter}
      aria-labelledby={`${letterAnchor(letter)}-heading`}
      hidden={!terms.some((g) => visible.has(g.id))}
    >
      <h3 id={`${letterAnchor(letter)}-heading`} className="border-b border-slate-200 pb-2 text-2xl font-bold text-blue-800">
        {letter}
      </h3>
      <dl className="mt-4 grid gap-x-10 gap-y-6 md:grid-cols-2">
        {terms.map((g) => (
          <div key={g.id} id={g.id} data-glossary-term="" data-search={glossarySearchText(g)} hidden={!visible.has(g.id)}>
            <dt className="font-semibold text-slate-900">{g.term}</dt>
            <dd
              className="mt-1 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: limited HTML, escaped and re-tagged by lib/text/limited-html.ts
              dangerouslySetInnerHTML={{ __html: renderLimitedHtml(g.definition) }}
            />
          </div>
        ))}
      </dl>
    </section>
  );
}
