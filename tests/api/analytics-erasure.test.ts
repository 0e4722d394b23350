import { expect, test } from 'bun:test';
import { ERASED_SOURCE, forgetInAnalytics } from '../../db/queries/analytics-counting.ts';
import { testDatabase } from '../helpers/db.ts';

// Erasure forgets an erased person's campaigns and referring hosts in analytics (no page view is linked
// to a lead): raw rows lose the value, and the daily figures are merged into the rows without it, so
// every total stays whole; other values are untouched. The erasure-search test proves the values are
// gone after a real erasure; this one checks the figures.

test('the daily figures naming an erased campaign or host merge into the rows without it; totals unchanged', async () => {
  const { sql } = await testDatabase();
  const day = '2031-05-06';
  // PostgreSQL's test database outlives a run: this day starts empty.
  for (const table of ['analytics_daily_sources', 'analytics_visits', 'analytics_page_views']) await sql`delete from ${sql(table)} where day = ${day}::date`;
  const row = (source: string, medium: string, campaign: string, visitors: number, pageviews: number, started: number) =>
    sql`insert into analytics_daily_sources (day, source, medium, campaign, landing, device, visitors, pageviews, audit_started)
        values (${day}::date, ${source}, ${medium}, ${campaign}, '/', 'desktop', ${visitors}, ${pageviews}, ${started})`;
  await row('news.reader-7731.example', 'referral', '', 2, 3, 1);
  await row(ERASED_SOURCE, 'referral', '', 1, 1, 0);
  await row('google', 'cpc', 'spring-7731', 4, 9, 2);
  await row('google', 'cpc', '', 5, 6, 0);
  await row('newsletter', 'email', 'fall', 7, 8, 1);
  await sql`insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, campaign, device, pageviews)
            values (${day}::date, 'k1', now(), '/', 'news.reader-7731.example', 'referral', 'spring-7731', 'mobile', 2)`;
  await sql`insert into analytics_page_views (at, day, visitor_key, route, referrer_host, utm_campaign, device)
            values (now(), ${day}::date, 'k1', '/', 'news.reader-7731.example', 'spring-7731', 'mobile')`;
  const totals = () =>
    sql`select sum(visitors)::int as v, sum(pageviews)::int as p, sum(audit_started)::int as a from analytics_daily_sources where day = ${day}::date`;
  const before = await totals();

  await sql.begin((tx) => forgetInAnalytics(tx, { campaigns: ['spring-7731'], hosts: ['news.reader-7731.example'] }));

  expect(await totals()).toEqual(before);
  const rows =
    await sql`select source, medium, campaign, visitors, pageviews, audit_started from analytics_daily_sources where day = ${day}::date order by source, medium, campaign`;
  expect([...rows]).toEqual([
    { source: ERASED_SOURCE, medium: 'referral', campaign: '', visitors: 3, pageviews: 4, auditStarted: 1 },
    { source: 'google', medium: 'cpc', campaign: '', visitors: 9, pageviews: 15, auditStarted: 2 },
    { source: 'newsletter', medium: 'email', campaign: 'fall', visitors: 7, pageviews: 8, auditStarted: 1 },
  ]);
  expect([...(await sql`select source, campaign from analytics_visits where day = ${day}::date`)]).toEqual([{ source: ERASED_SOURCE, campaign: '' }]);
  expect([...(await sql`select referrer_host, utm_campaign from analytics_page_views where day = ${day}::date`)]).toEqual([
    { referrerHost: null, utmCampaign: null },
  ]);
  // Nothing named: nothing changes.
  await sql.begin((tx) => forgetInAnalytics(tx, { campaigns: [], hosts: [] }));
  expect(await totals()).toEqual(before);
});
