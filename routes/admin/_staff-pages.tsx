import { BoardPage, type BoardPageProps } from '../../components/staff/BoardPage.tsx';
import { LeadDetail, type LeadDetailProps } from '../../components/staff/LeadDetail.tsx';
import { LeadInbox, type LeadInboxProps } from '../../components/staff/LeadInbox.tsx';
import { PersonPage, type PersonPageProps } from '../../components/staff/PersonPage.tsx';
import { agency } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';

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

export const boardPage = definePage<BoardPageProps>({
  meta: staffMeta('Pipeline board', '/admin/board'),
  Component: BoardPage,
});

export const leadPage = definePage<LeadDetailProps>({
  meta: (data) => ({ ...staffMeta(data.lead.erasedAt ? 'Erased lead' : (data.lead.name ?? 'Lead'), '/admin/leads') }),
  Component: LeadDetail,
});

export const personPage = definePage<PersonPageProps>({
  meta: (data) => ({ ...staffMeta(data.person.erasedAt ? 'Erased person' : (data.person.name ?? 'Person'), '/admin/leads') }),
  Component: PersonPage,
});
