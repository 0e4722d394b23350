import type { Sql } from 'postgres';
import { seedDemoLeads } from '../db/seed-demo-leads.ts';

// The traffic bench/analytics.ts measures, written straight into the raw tables with SQL
// (generate_series), as the counter (features/analytics/collector.ts) would have written it: `days`
// Toronto days ending today (today a whole day's share up to now), a weekday shape (Saturdays and Sundays about half a
// weekday) growing a little over the period, about 3 page views per visitor, visitors' sources as a
// small agency's mix (direct, Google organic, Google Ads with and without UTM tags, Facebook ads and
// shares, a monthly newsletter, a few referring sites), 40 routes read Zipf-fashion, three devices,
// visits through the day with a midday peak, and about 2.5% of visitors starting the audit. The total
// is exactly `views`. Then a few thousand leads with first touches of the same sources, their pipeline
// (contacted, booked with a booking, won with a retainer, lost), speed to lead, and the A/B tests'
// assignments of the visitors' browsers. PostgreSQL only (the embedded database would take far longer).

/** The site's public pages (route patterns, as the counter records them), then pages a grown site would add. */
export const ROUTES = [
  '/',
  '/services',
  '/services/:slug',
  '/what-is-digital-marketing',
  '/q4-intake',
  '/book',
  '/blog',
  '/social-generator',
  '/q4-intake/thank-you',
  '/about',
  '/contact',
  '/pricing',
  '/case-studies',
  '/case-studies/leslieville-bakery',
  '/case-studies/danforth-dental',
  '/case-studies/junction-renovations',
  '/locations/north-york',
  '/locations/scarborough',
  '/locations/etobicoke',
  '/locations/mississauga',
  '/guides/local-seo',
  '/guides/google-business-profile',
  '/guides/google-ads-budget',
  '/guides/instagram-for-restaurants',
  '/guides/email-newsletters',
  '/industries/dentists',
  '/industries/restaurants',
  '/industries/contractors',
  '/industries/real-estate',
  '/industries/law-firms',
  '/industries/medspas',
  '/tools/ad-budget-calculator',
  '/tools/seo-checklist',
  '/careers',
  '/team',
  '/faq',
  '/reviews',
  '/privacy',
  '/terms',
  '/accessibility',
] as const;

const REFERRING_SITES = [
  'www.bing.com',
  'duckduckgo.com',
  'www.linkedin.com',
  'www.yelp.ca',
  'www.blogto.com',
  'clutch.co',
  'chatgpt.com',
  'www.instagram.com',
];

export type SeedFigures = { days: number; visitors: number; views: number; leads: number; won: number; booked: number; assignments: number };

/**
 * The raw rows of `days` days ending `today` (a Toronto day, "2026-11-28"): analytics_visits and
 * analytics_page_views, `views` page views in all, today's before `now`. Nothing is rolled up here.
 */
export async function seedTraffic(
  sql: Sql,
  { today, now, days, views }: { today: string; now: Date; days: number; views: number },
): Promise<{ visitors: number }> {
  return sql.begin(async (tx) => {
    await tx`select setseed(0.31)`;
    // Each day's share: weekdays 1 (Monday and Tuesday a little more), Saturday .55, Sunday .5, growing
    // 30% over the period. Today holds a whole day's share, spread from its start to now: the most raw
    // rows the dashboard reads for a day, whatever the hour the bench runs at.
    await tx`
      create temp table bench_days on commit drop as
      select d::date as day,
        (d::timestamp at time zone 'America/Toronto') as starts,
        greatest(least(((d + interval '1 day')::timestamp at time zone 'America/Toronto'), ${now}::timestamptz - interval '1 minute'),
          (d::timestamp at time zone 'America/Toronto') + interval '1 minute') as ends,
        (case extract(isodow from d) when 1 then 1.1 when 2 then 1.08 when 3 then 1.0 when 4 then 0.97 when 5 then 0.85 when 6 then 0.55 else 0.5 end)
          * (0.85 + 0.3 * (n - 1) / greatest(${days} - 1, 1)) as weight
      from generate_series(${today}::date - (${days} - 1), ${today}::date, interval '1 day') with ordinality as g(d, n)`;
    // About views / 3 visitors, shared by weight.
    await tx`
      create temp table bench_visitors on commit drop as
      select b.day, b.starts, b.ends, i,
        translate(rtrim(encode(sha256(convert_to(b.day::text || ':' || i, 'UTF8')), 'base64'), '='), '+/', '-_') as visitor_key,
        random() as r_source, random() as r_device, random() as r_route, random() as r_time, random() as r_time2,
        random() as r_audit, random() as r_pick,
        least(40, 1 + floor(-ln(1 - random()) * 2.466))::int as views
      from bench_days b
      cross join lateral generate_series(1, round(${views / 3} * b.weight / (select sum(weight) from bench_days))::int) i`;
    // Exactly `views` in all: a few visitors' counts moved by one.
    const [{ total }] = await tx<{ total: number }[]>`select sum(views)::int as total from bench_visitors`;
    const off = total - views;
    if (off > 0)
      await tx`update bench_visitors set views = views - 1 where (day, i) in (select day, i from bench_visitors where views > 1 order by r_pick limit ${off})`;
    else if (off < 0) await tx`update bench_visitors set views = views + 1 where (day, i) in (select day, i from bench_visitors order by r_pick limit ${-off})`;
    await tx`
      create temp table bench_people on commit drop as
      select v.day, v.visitor_key, v.views, v.ends,
        v.starts + (v.ends - v.starts) * ((v.r_time + v.r_time2) / 2) as first_at,
        case when v.r_audit < 0.025 then v.starts + (v.ends - v.starts) * ((v.r_time + v.r_time2) / 2) + interval '2 minutes' end as audit_started_at,
        (${ROUTES as unknown as string[]}::text[])[floor(exp(v.r_route * ln(${ROUTES.length + 1})))::int] as landing,
        case when v.r_device < 0.55 then 'mobile' when v.r_device < 0.93 then 'desktop' else 'tablet' end as device,
        s.*
      from bench_visitors v
      cross join lateral (
        select * from (values
          -- source, medium, campaign, referrer_host, utm_source, utm_medium, utm_campaign
          (0.33, 'direct', 'none', '', null, null, null, null),
          (0.63, 'www.google.com', 'referral', '', 'www.google.com', null, null, null),
          (0.68, 'google', 'cpc', '', 'www.google.com', null, null, null),
          (0.73, 'google', 'cpc', case when v.r_pick < 0.5 then 'toronto-seo-fall' else 'free-audit-search' end, 'www.google.com', 'google', 'cpc',
            case when v.r_pick < 0.5 then 'toronto-seo-fall' else 'free-audit-search' end),
          (0.78, 'facebook', 'cpc', 'fb-free-audit', 'm.facebook.com', null, null, 'fb-free-audit'),
          (0.81, 'm.facebook.com', 'referral', '', 'm.facebook.com', null, null, null),
          (0.88, 'newsletter', 'email', 'newsletter-' || to_char(v.day, 'YYYY-MM'), null, 'newsletter', 'email', 'newsletter-' || to_char(v.day, 'YYYY-MM')),
          (1.01, (${REFERRING_SITES}::text[])[1 + floor(v.r_pick * ${REFERRING_SITES.length})::int], 'referral', '',
            (${REFERRING_SITES}::text[])[1 + floor(v.r_pick * ${REFERRING_SITES.length})::int], null, null, null)
        ) as m (below, source, medium, campaign, referrer_host, utm_source, utm_medium, utm_campaign)
        where v.r_source < m.below order by m.below limit 1
      ) s`;
    await tx`
      insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, campaign, device, pageviews, audit_started_at)
      select day, visitor_key, first_at, landing, source, medium, campaign, device, views, audit_started_at from bench_people`;
    // The first view is the landing, with where it came from; the next ones are moves inside the site.
    await tx`
      insert into analytics_page_views (at, day, visitor_key, route, referrer_host, utm_source, utm_medium, utm_campaign, device)
      select least(p.first_at + k * interval '40 seconds' * (1 + random() * 3), p.ends), p.day, p.visitor_key,
        case when k = 0 then p.landing else (${ROUTES as unknown as string[]}::text[])[floor(exp(random() * ln(${ROUTES.length + 1})))::int] end,
        case when k = 0 then p.referrer_host end, case when k = 0 then p.utm_source end, case when k = 0 then p.utm_medium end,
        case when k = 0 then p.utm_campaign end, p.device
      from bench_people p cross join lateral generate_series(0, p.views - 1) k
      order by p.day, p.first_at`;
    const [{ visitors }] = await tx<{ visitors: number }[]>`select count(*)::int as visitors from bench_people`;
    return { visitors };
  });
}

/**
 * `count` leads over the same days (db/seed-demo-leads.ts), each given a first touch of the traffic's
 * sources, a pipeline (about 8% won with a retainer, 15% with a session booked, most of those with a
 * booking), a first staff action a few hours to a few days after it arrived, and a browser id; and the
 * A/B tests' assignments of `browsers` browsers over the days (two tests each), the leads' among them.
 */
export async function seedLeads(sql: Sql, { count, days, now, browsers }: { count: number; days: number; now: Date; browsers: number }) {
  await seedDemoLeads(sql, { count, days, now });
  return sql.begin(async (tx) => {
    await tx`select setseed(0.47)`;
    await tx`
      update leads set
        status = case when leads.status = 'new' then 'new' else s.next_status end,
        first_reached_at = case when leads.status = 'new' then null else least(created_at + interval '1 hour' * (1 + random() * random() * 96), ${now}::timestamptz) end,
        visitor_id = 'bench-browser-' || (abs(hashtext(id)) % ${browsers}),
        first_touch = jsonb_strip_nulls(jsonb_build_object(
          'landing', p.landing, 'referrer', t.referrer, 'utm_source', t.utm_source, 'utm_medium', t.utm_medium, 'utm_campaign', t.utm_campaign,
          'gclid', t.gclid, 'fbclid', t.fbclid,
          'at', to_char((created_at - interval '20 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from (select id as lead_id, random() as r_status, random() as r_touch, random() as r_page from leads where id like 'demo%') r
      cross join lateral (
        select * from (values (0.40, 'contacted'), (0.55, 'session booked'), (0.63, 'won'), (0.90, 'lost'), (1.01, 'not a fit')) as x (below, next_status)
        where r.r_status < x.below order by x.below limit 1
      ) s
      cross join lateral (
        select * from (values
          (0.25, null, null, null, null, null, null),
          (0.55, 'www.google.com', null, null, null, null, null),
          (0.65, 'www.google.com', null, null, null, 'Cj0KCQiA' || md5(r.lead_id), null),
          (0.75, 'www.google.com', 'google', 'cpc', case when r.r_page < 0.5 then 'toronto-seo-fall' else 'free-audit-search' end, 'Cj0KCQiA' || md5(r.lead_id), null),
          (0.83, 'm.facebook.com', null, null, 'fb-free-audit', null, 'IwAR' || md5(r.lead_id)),
          (0.93, null, 'newsletter', 'email', 'newsletter-' || to_char(now(), 'YYYY-MM'), null, null),
          (1.01, 'www.linkedin.com', null, null, null, null, null)
        ) as m (below, referrer, utm_source, utm_medium, utm_campaign, gclid, fbclid)
        where r.r_touch < m.below order by m.below limit 1
      ) t
      cross join lateral (select case when r.r_page < 0.5 then '/' when r.r_page < 0.75 then '/services/:slug' else '/q4-intake' end as landing) p
      where leads.id = r.lead_id`;
    await tx`update leads set won_value = 1500 + 100 * floor(random() * 46) where id like 'demo%' and status = 'won'`;
    // Most leads that booked have the booking itself (one staff member's calendar).
    await tx`
      insert into bookings (id, lead_kind, lead_id, staff_id, starts_at, ends_at, blocked_until, status, manage_token, created_at, updated_at)
      select 'bk' || md5(l.id), l.kind, l.id, (select id from users order by username limit 1),
        l.created_at + interval '3 days', l.created_at + interval '3 days 30 minutes', l.created_at + interval '3 days 45 minutes',
        case when l.created_at + interval '3 days' < ${now}::timestamptz then 'held' else 'booked' end, md5('bench' || l.id), l.created_at, l.created_at
      from leads l where l.id like 'demo%' and l.status in ('session booked', 'won') and random() < 0.8`;
    // Each browser is assigned a variant of both tests when it first comes (its time over the days).
    await tx`
      insert into ab_test_assignments (test_id, variant_id, user_id, assigned_at)
      select t.id, (array_agg(v.id order by v.name))[1 + (b % count(*))::int], 'bench-browser-' || b,
        ${now}::timestamptz - interval '1 day' * ${days} * ((b * 7919) % ${browsers})::float8 / ${browsers}
      from generate_series(0, ${browsers} - 1) b cross join ab_tests t join ab_test_variants v on v.test_id = t.id
      group by t.id, b`;
    const [figures] = await tx<{ won: number; booked: number; assignments: number }[]>`
      select (select count(*) from leads where status = 'won' and id like 'demo%')::int as won,
        (select count(*) from bookings where id like 'bk%')::int as booked,
        (select count(*) from ab_test_assignments where user_id like 'bench-browser-%')::int as assignments`;
    return figures;
  });
}
