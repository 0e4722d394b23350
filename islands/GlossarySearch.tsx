import { useRef, useState } from 'react';
import { useFieldId } from '../client/islands/root.tsx';
import { LineIcon } from '../components/ui/LineIcon.tsx';
import { glossary, glossaryLetters, glossaryPreviewLetters, letterAnchor, matchesGlossary } from '../lib/content/glossary.ts';
import { renderLimitedHtml } from '../lib/limited-html.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

const restLetters = glossaryLetters.filter((letter) => !glossaryPreviewLetters.includes(letter));

/**
 * The guide's glossary: every term is rendered on the server (hidden, never removed, when it does
 * not match), so it reads without JavaScript; the search box is a GET form that the server answers
 * too, and once hydrated it filters as you type. Unsearched, only the first letters show and the
 * rest wait in a native <details> ("Show all 96 terms", no JavaScript needed); a search shows every
 * match wherever it is, and a letter link opens the rest when its letter is there.
 */
export default function GlossarySearch({ initialQuery }: { initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  // The <details> holding the rest: its own open state (the visitor's or a letter link's), mirrored here.
  const rest = useRef<HTMLDetailsElement>(null);
  const [expanded, setExpanded] = useState(false);
  const searching = query.trim() !== '';
  const inputId = useFieldId('glossary-search');
  const statusId = useFieldId('glossary-status');
  const visible = new Set(glossary.filter((g) => matchesGlossary(g, query)).map((g) => g.id));
  const lettersWithMatches = new Set(glossary.filter((g) => visible.has(g.id)).map((g) => g.letter));

  return (
    <div>
      <search>
        <form action="#glossary" method="get" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={inputId} className="block font-semibold text-slate-900">
              Search the glossary
            </label>
            <input
              id={inputId}
              name="q"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Try “bounce rate” or “reviews”"
              autoComplete="off"
              aria-describedby={statusId}
              maxLength={100}
              className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
            />
          </div>
          <button type="submit" className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50">
            Search
          </button>
        </form>
      </search>
      <p id={statusId} aria-live="polite" className="mt-3 text-sm text-slate-600">
        {query.trim() ? `Showing ${visible.size} of ${glossary.length} terms` : `${glossary.length} terms`}
      </p>

      <nav aria-label="Glossary letters" className="mt-6">
        <ul className="flex flex-wrap gap-1">
          {ALPHABET.map((letter) => (
            <li key={letter}>
              {lettersWithMatches.has(letter) ? (
                <a
                  href={`#${letterAnchor(letter)}`}
                  onClick={() => {
                    if (rest.current && restLetters.includes(letter)) rest.current.open = true;
                  }}
                  className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-50 font-semibold text-blue-800 hover:bg-blue-100"
                >
                  {letter}
                </a>
              ) : (
                <span aria-disabled="true" className="flex h-9 w-9 items-center justify-center rounded-lg font-semibold text-slate-400">
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>

      {visible.size === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold text-slate-900">{`No terms match “${query.trim()}”.`}</p>
          <p className="mt-2 text-slate-600">Try a shorter word, or browse by letter.</p>
          <button type="button" onClick={() => setQuery('')} className="mt-4 rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
            Show all terms
          </button>
        </div>
      ) : null}

      {searching ? (
        <div className="mt-8 space-y-10">
          {glossaryLetters.map((letter) => (
            <LetterSection key={letter} letter={letter} visible={visible} />
          ))}
        </div>
      ) : (
        <>
          <div className="mt-8 space-y-10">
            {glossaryPreviewLetters.map((letter) => (
              <LetterSection key={letter} letter={letter} visible={visible} />
            ))}
          </div>
          <details ref={rest} open={expanded} onToggle={(e) => setExpanded(e.currentTarget.open)} className="group mt-10">
            <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
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
        </>
      )}
    </div>
  );
}

/** One letter's terms; a term that does not match the search stays in the HTML, hidden. */
function LetterSection({ letter, visible }: { letter: string; visible: ReadonlySet<string> }) {
  const terms = glossary.filter((g) => g.letter === letter);
  return (
    <section id={letterAnchor(letter)} aria-labelledby={`${letterAnchor(letter)}-heading`} hidden={!terms.some((g) => visible.has(g.id))}>
      <h3 id={`${letterAnchor(letter)}-heading`} className="border-b border-slate-200 pb-2 text-2xl font-bold text-blue-800">
        {letter}
      </h3>
      <dl className="mt-4 grid gap-x-10 gap-y-6 md:grid-cols-2">
        {terms.map((g) => (
          <div key={g.id} id={g.id} data-glossary-term="" hidden={!visible.has(g.id)}>
            <dt className="font-semibold text-slate-900">{g.term}</dt>
            <dd
              className="mt-1 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: limited HTML, escaped and re-tagged by lib/limited-html.ts
              dangerouslySetInnerHTML={{ __html: renderLimitedHtml(g.definition) }}
            />
          </div>
        ))}
      </dl>
    </section>
  );
}
