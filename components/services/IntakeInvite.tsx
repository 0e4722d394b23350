import { intakeInvite } from '../../lib/content/services.ts';
import { buttonClass, pageContainer } from '../ui/styles.ts';

/** The Q4 client intake, for owners who would rather have the work done for them: what it is, and the way to apply. */
export function IntakeInvite() {
  return (
    <section aria-labelledby="intake-invite-heading" className={`${pageContainer} py-8`}>
      <div className="flex flex-col gap-6 rounded-2xl border border-blue-200 bg-blue-50 p-6 sm:p-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{intakeInvite.eyebrow}</p>
          <h2 id="intake-invite-heading" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {intakeInvite.heading}
          </h2>
          <p className="mt-3 leading-7 text-slate-700">{intakeInvite.text}</p>
        </div>
        <a href={intakeInvite.href} className={`${buttonClass.primary} shrink-0 text-center`}>
          {intakeInvite.label}
        </a>
      </div>
    </section>
  );
}
