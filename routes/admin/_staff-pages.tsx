import { LeadDetail, type LeadDetailProps } from '../../components/staff/LeadDetail.tsx';
import { LeadInbox, type LeadInboxProps } from '../../components/staff/LeadInbox.tsx';
import { StaffProblem, type StaffProblemProps } from '../../components/staff/StaffProblem.tsx';
import { agency } from '../../lib/site.ts';
import type { AppContext } from '../../server/deps.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { signedInStaff } from '../../server/staff-auth.ts';

// The back office's pages: never indexed, never kept (no page cache rule), in the
// staff frame instead of the site's header and footer.

export const staffMeta = (title: string, path: string) => ({
  title: `${title} | ${agency.name} back office`,
  description: 'The back office of the agency.',
  path,
  noindex: true,
  chrome: 'staff' as const,
});

export const inboxPage = definePage<LeadInboxProps>({
  meta: staffMeta('Leads', '/admin/leads'),
  Component: LeadInbox,
});

export const leadPage = definePage<LeadDetailProps>({
  meta: (data) => ({ ...staffMeta(data.lead.erasedAt ? 'Erased lead' : (data.lead.name ?? 'Lead'), '/admin/leads') }),
  Component: LeadDetail,
});

const problemPage = definePage<StaffProblemProps>({
  meta: staffMeta('Not done', '/admin/leads'),
  Component: StaffProblem,
});

/** A staff request refused with `status`, listing what was wrong. */
export function staffProblem(c: AppContext, status: 400 | 404 | 409, heading: string, problems: string[], back = '/admin/leads'): Promise<Response> {
  return renderPage(c, problemPage, { staff: signedInStaff(c), heading, problems, back }, status);
}
