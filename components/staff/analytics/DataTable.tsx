import type { ReactNode } from 'react';

export type Column = { label: string; numeric?: boolean };

/**
 * A table of the dashboard under its heading: it scrolls sideways inside its own box on a phone (the
 * box takes focus, so a keyboard can scroll it too, and is named by the table's caption), its first
 * column stays in view as it does, and numbers line up on the right.
 */
export function DataTable({ columns, rows, caption, name }: { columns: Column[]; rows: { key: string; cells: ReactNode[] }[]; caption: string; name: string }) {
  const captionId = `${name}-table-caption`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <section aria-labelledby={captionId} tabIndex={0} className="scroll-cue mt-3 overflow-x-auto rounded-xl border border-slate-200" data-table={name}>
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {columns.map((c, i) => (
              <th
                key={c.label}
                scope="col"
                className={`px-3 py-2 ${c.numeric ? 'text-right' : ''} ${i === 0 ? 'sticky left-0 bg-slate-50' : 'whitespace-nowrap'}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              {row.cells.map((cell, i) => {
                const numeric = columns[i]?.numeric;
                return i === 0 ? (
                  <th
                    key={columns[i]?.label}
                    scope="row"
                    className="sticky left-0 min-w-[8.5rem] max-w-[14rem] break-words bg-white px-3 py-2 text-left font-medium text-slate-900"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={columns[i]?.label} className={`whitespace-nowrap px-3 py-2 text-slate-700 ${numeric ? 'text-right tabular-nums' : ''}`}>
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
