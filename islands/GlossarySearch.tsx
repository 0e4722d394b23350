import { useEffect, useRef, useState } from 'react';
import { useFieldId } from '../client/islands/root.tsx';
import { searchText } from '../lib/text/search-text.ts';

/**
 * The glossary's search box (components/guide/Glossary.tsx renders the list around it). A GET form the
 * server answers without JavaScript; once hydrated it filters the rendered list as you type, by each
 * term's `data-search` text, so none of the glossary's content is in this bundle. While searching, the
 * rest of the list is open (its summary hidden), so every match shows where it is; clearing the search
 * puts the list back as it was.
 */
export default function GlossarySearch({ initialQuery, initialCount, total }: { initialQuery: string; initialCount: number; total: number }) {
  const [query, setQuery] = useState(initialQuery);
  const [count, setCount] = useState(initialCount);
  const root = useRef<HTMLDivElement>(null);
  // Whether the visitor had opened "Show all" before searching: restored when the search is cleared.
  const openBefore = useRef<boolean | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Words typed before the island hydrated are in the box already: search for them.
  useEffect(() => {
    if (input.current && input.current.value !== query) setQuery(input.current.value);
  }, [query]);
  const inputId = useFieldId('glossary-search');
  const statusId = useFieldId('glossary-status');
  const q = searchText(query);

  useEffect(() => {
    const list = root.current?.closest<HTMLElement>('[data-glossary]');
    if (!list) return;
    let shown = 0;
    const lettersShown = new Set<string>();
    for (const section of list.querySelectorAll<HTMLElement>('[data-glossary-letter]')) {
      let any = false;
      for (const term of section.querySelectorAll<HTMLElement>('[data-glossary-term]')) {
        const match = !q || (term.dataset.search ?? '').includes(q);
        term.hidden = !match;
        if (match) any = true;
        if (match) shown++;
      }
      section.hidden = !any;
      if (any) lettersShown.add(section.dataset.glossaryLetter ?? '');
    }
    for (const link of list.querySelectorAll<HTMLElement>('[data-letter-link]')) {
      if (lettersShown.has(link.dataset.letterLink ?? '')) link.removeAttribute('aria-disabled');
      else link.setAttribute('aria-disabled', 'true');
    }
    const rest = list.querySelector('details');
    if (q) {
      openBefore.current ??= rest?.open ?? false;
      if (rest) rest.open = true;
      list.dataset.searching = '';
    } else {
      if (rest && openBefore.current !== null) rest.open = openBefore.current;
      openBefore.current = null;
      delete list.dataset.searching;
    }
    setCount(shown);
  }, [q]);

  return (
    <div ref={root}>
      <search>
        <form action="#glossary" method="get" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={inputId} className="block font-semibold text-slate-900">
              Search the glossary
            </label>
            <input
              ref={input}
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
        {q ? `Showing ${count} of ${total} terms` : `${total} terms`}
      </p>
      {count === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold text-slate-900">{`No terms match “${query.trim()}”.`}</p>
          <p className="mt-2 text-slate-600">Try a shorter word, or browse by letter.</p>
          <button type="button" onClick={() => setQuery('')} className="mt-4 rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
            Show all terms
          </button>
        </div>
      ) : null}
    </div>
  );
}
