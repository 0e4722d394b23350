import type { ReactNode } from 'react';
import { agency } from '../../lib/site.ts';
import { ownerStanding, type StaffRole } from '../../lib/staff/roles.ts';
import { CSRF_FIELD } from '../../lib/staff/session.ts';
import { Logo } from '../Logo.tsx';

export type StaffPageProps = { staff: { id: string; email: string; role: StaffRole; twoFactor: boolean; csrfToken: string } };

const staffLinks = [
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/sessions', label: 'Sessions' },
  { href: '/admin/booking', label: 'Booking' },
  { href: '/admin/analytics', label: 'Analytics' },
  { href: '/admin/content', label: 'Content' },
  { href: '/admin/experiments', label: 'Experiments' },
  { href: '/admin/ab-tests', label: 'A/B tests' },
  { href: '/admin/account', label: 'Account' },
] as const;

/** The back office's frame: its own header (who is signed in, sign out) and a content column. */
export function StaffShell({ staff, current, children }: StaffPageProps & { current: (typeof staffLinks)[number]['href'] | null; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <a href="/admin/leads" className="rounded-lg" aria-label={`${agency.name} back office: leads`}>
            <Logo />
          </a>
          <nav aria-label="Back office" className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {staffLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={current === link.href ? 'page' : undefined}
                    className="inline-flex whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            {/* Only where the menu leaves room for it on the same row (a long address is cut short, whole on hover). */}
            <span className="hidden max-w-64 truncate text-slate-600 2xl:inline-block" title={staff.email}>
              {staff.email}
            </span>
            <form method="post" action="/admin/logout">
              <CsrfField token={staff.csrfToken} />
              <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-medium text-slate-800 hover:bg-slate-50">
                Log out
              </button>
            </form>
          </div>
        </div>
      </header>
      {ownerStanding(staff) === 'owner-without-two-factor' && current !== '/admin/account' ? <TwoFactorNeeded /> : null}
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>
    </>
  );
}

/** The hidden CSRF token every staff form carries (server/staff-auth.ts). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/** Where an owner turns two-factor sign-in on: the account page's section. */
const TWO_FACTOR_SET_UP = '/admin/account#two-factor';

/** On every page of an owner whose account has no two-factor sign-in: their owner actions wait for it. */
function TwoFactorNeeded() {
  return (
    <div className="border-b border-amber-200 bg-amber-50" data-two-factor-needed>
      <p className="mx-auto max-w-7xl px-4 py-3 text-sm text-amber-900 sm:px-6">
        Your account is an owner's. Erasing, publishing and running experiments need two-factor sign-in:{' '}
        <a href={TWO_FACTOR_SET_UP} className="font-semibold underline underline-offset-2">
          turn it on under Account
        </a>
        .
      </p>
    </div>
  );
}

/**
 * Beside an owner-only control an account without an owner's powers sees disabled: why it is, in a
 * sentence (`what` is the action, like "erase a lead"), for the staff role or for an owner still
 * without two-factor sign-in.
 */
export function OwnerOnlyNote({ what, staff }: { what: string; staff: StaffPageProps['staff'] }) {
  return (
    <p className="mt-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-owner-only>
      {ownerStanding(staff) === 'owner-without-two-factor' ? (
        <>
          {`To ${what}, an owner needs two-factor sign-in. `}
          <a href={TWO_FACTOR_SET_UP} className="font-semibold text-blue-800 underline underline-offset-2">
            Turn it on under Account
          </a>
          .
        </>
      ) : (
        `Only an owner can ${what}. Your account has the staff role: ask an owner to do it.`
      )}
    </p>
  );
}
