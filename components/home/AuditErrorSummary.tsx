import type { Ref } from 'react';
import { errorSummaryTitle, type StepErrors } from '../../lib/audit/error-summary.ts';
import type { AuditField } from '../../lib/audit/schema.ts';

/**
 * Above the audit's steps after a refused submit: every step's messages at once, each a link to its
 * field. A link is a plain anchor (without JavaScript every step shows, so it just scrolls there);
 * `onJump` shows the field's step first. Focused after a refused submit, so it is what is read first.
 */
export function AuditErrorSummary({
  id,
  ref,
  groups,
  idOf,
  onJump,
}: {
  /** The summary's own id (its title's is this with -title). */
  id: string;
  ref?: Ref<HTMLElement>;
  groups: StepErrors[];
  /** The id of a field's control (a choice's group). */
  idOf: (field: AuditField) => string;
  onJump?: (step: number, field: AuditField) => void;
}) {
  const count = groups.reduce((n, g) => n + g.fields.length, 0);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      id={id}
      aria-labelledby={`${id}-title`}
      data-error-summary=""
      className="mb-6 scroll-mt-24 rounded-xl border-2 border-red-600 bg-red-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-red-600/40"
    >
      <h3 id={`${id}-title`} className="font-semibold text-red-800">
        {errorSummaryTitle(count)}
      </h3>
      {groups.map((group) => (
        <div key={group.step} className="mt-3">
          <p className="text-sm font-semibold text-slate-900">{`Step ${group.step}: ${group.title}`}</p>
          <ul className="mt-1 space-y-1">
            {group.fields.map(({ field, text }) => (
              <li key={field}>
                <a
                  href={`#${idOf(field)}`}
                  onClick={(event) => {
                    if (!onJump) return;
                    event.preventDefault();
                    onJump(group.step, field);
                  }}
                  className="inline-block py-1 text-sm text-red-800 underline underline-offset-2"
                >
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
