import { Hono } from 'hono';
import type { ConsentRecord } from '../../../../components/staff/LeadDetail.tsx';
import { auditConsent, findAudit } from '../../../../db/queries/audits.ts';
import { bookingsOfLead, existingBookingToken } from '../../../../db/queries/bookings.ts';
import { findIntakeApplication } from '../../../../db/queries/intake.ts';
import { leadDeliveries } from '../../../../db/queries/jobs.ts';
import { findLead, leadTimeline, recordView, variantsSeenBy } from '../../../../db/queries/leads.ts';
import { siteCheckOf } from '../../../../db/queries/site-checks.ts';
import { listStaffAccounts } from '../../../../db/queries/staff.ts';
import { scoreMessage } from '../../../../lib/audit/scoring.ts';
import { usableFindings } from '../../../../lib/audit/site-check.ts';
import { sendsEmail } from '../../../../lib/config.ts';
import { auditAnswerRows, auditBreakdown, bookingAnswerRows, intakeAnswerRows } from '../../../../lib/leads/answers.ts';
import { consentWording } from '../../../../lib/leads/consent.ts';
import { SITE_CHECK_CHANNEL } from '../../../../lib/leads/notifications.ts';
import { type ServiceSlug, servicePath, serviceTitle } from '../../../../lib/site.ts';
import type { SiteCheck } from '../../../../lib/site-check/types.ts';
import { withDatabaseDeadline } from '../../../../server/deadline.ts';
import type { AppEnv } from '../../../../server/deps.ts';
import { renderPage } from '../../../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../../../server/staff-auth.ts';
import { leadChanges, noSuchLead, SAVED_FORMS, validLeadParams } from '../../_lead-changes.ts';
import { leadPage } from '../../_staff-pages.tsx';

/**
 * GET /admin/leads/{type}/{id}: one lead in full. Each view is logged on the lead (who and when). Its
 * forms post to /admin/leads/{type}/{id}/{change} (routes/admin/_lead-changes.ts).
 */
const lead = new Hono<AppEnv>().get('/', requireStaff('page'), validLeadParams, async (c) => {
  const params = c.req.valid('param');
  const { sql, now } = c.get('deps');
  const staff = signedInStaff(c);
  const found = await withDatabaseDeadline(sql, (db) => findLead(db, params.kind, params.id));
  if (!found) return noSuchLead(c);
  const time = now();
  await withDatabaseDeadline(sql, (db) => recordView(db, params.kind, params.id, { actor: staff, now: time }));
  const [audit, application, variants, timeline, owners, allDeliveries, auditMarketing, sessions, bookingToken, storedCheck] = await withDatabaseDeadline(
    sql,
    (db) =>
      Promise.all([
        params.kind === 'audit' ? findAudit(db, params.id) : null,
        params.kind === 'intake' ? findIntakeApplication(db, params.id) : null,
        variantsSeenBy(db, found.visitorId),
        leadTimeline(db, params.kind, params.id),
        listStaffAccounts(db),
        leadDeliveries(db, params.kind, params.id),
        params.kind === 'audit' ? auditConsent(db, params.id) : null,
        bookingsOfLead(db, params.kind, params.id),
        existingBookingToken(db, params.kind, params.id),
        params.kind === 'audit' ? siteCheckOf(db, params.id) : null,
      ]),
  );
  // The website check has its own section (with its own button to run it again), not a notification's.
  const deliveries = allDeliveries.filter((d) => d.channel !== SITE_CHECK_CHANNEL);
  let siteCheck: SiteCheck | null = null;
  if (storedCheck) {
    const { requestedAt: _, ...check } = storedCheck;
    siteCheck = check as SiteCheck;
  }
  const outcome = audit && {
    score: Number(audit.auditScore),
    message: scoreMessage(Number(audit.auditScore)),
    tier: audit.packageTier,
    estimatedValue: audit.estimatedValue,
    breakdown: auditBreakdown(audit, usableFindings(siteCheck)),
    recommended: (audit.recommendedServices as ServiceSlug[]).map((slug) => ({ title: serviceTitle(slug), href: servicePath(slug) })),
  };
  // A submission row is gone only after erasure; the page then shows the record that remains.
  // A lead made by a booking has no form of its own: what its visitor gave is on the lead and its first session.
  const answers = audit
    ? auditAnswerRows(audit)
    : application
      ? intakeAnswerRows(application)
      : params.kind === 'booking' && !found.erasedAt
        ? bookingAnswerRows(found, sessions.at(-1) ?? null)
        : [];
  const consents: ConsentRecord[] = [];
  if (application) {
    consents.push({
      title: 'Consent record (CASL): emails and updates about the application',
      wording: consentWording(application.consentVersion),
      version: application.consentVersion,
      page: application.consentPage,
      at: application.updatedAt ?? application.createdAt,
      variants: application.consentVariants,
    });
    if (application.marketingConsent)
      consents.push({
        title: 'Consent record (CASL): marketing emails',
        wording: consentWording(application.marketingConsentVersion),
        version: application.marketingConsentVersion,
        page: application.marketingConsentPage,
        at: application.marketingConsentAt ?? application.createdAt,
        variants: application.marketingConsentVariants,
      });
  }
  if (auditMarketing) consents.push({ title: 'Consent record (CASL): marketing emails', wording: consentWording(auditMarketing.version), ...auditMarketing });
  const bookingLink = bookingToken ? `${c.get('deps').config.PUBLIC_SITE_URL}/book?lead=${bookingToken}` : null;
  const saved = c.req.query('saved');
  return renderPage(c, leadPage, {
    saved: saved && SAVED_FORMS.has(saved) ? saved : null,
    staff,
    lead: found,
    answers,
    outcome,
    siteCheck,
    consents,
    deliveries,
    variants,
    timeline,
    owners,
    sessions,
    bookingLink,
    canEmail: sendsEmail(c.get('deps').config),
    now: time,
  });
});

lead.route('/', leadChanges);

export default lead;
