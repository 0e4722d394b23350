-- First-party analytics (issue 31): page views counted on the server with no cookie and no script, the
-- funnel from visit to won client, and the value of what was won.
--
-- A visitor is a key, not a person: a hash of the day's salt, the IP address and the user agent
-- (lib/analytics/visitor-key.ts). The salt is random per Toronto day and deleted once the day is over,
-- so yesterday's keys cannot be made again and nobody can be followed from one day to the next.
create table analytics_salts (
  day date primary key,
  salt text not null,
  created_at timestamptz not null
);

-- Every page view counted, written in batches (never one insert per view) and deleted after
-- ANALYTICS_RAW_DAYS (90 by default); the daily tables below keep the figures for good.
-- `route` is the route pattern (never the raw URL); `referrer_host` the other site's host only.
create table analytics_page_views (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  day date not null,
  visitor_key text not null,
  route text not null,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text not null check (device in ('mobile', 'tablet', 'desktop'))
);
create index analytics_page_views_day_idx on analytics_page_views (day, route);

-- One row per visitor per day: where their first page view of the day came from (their source for
-- the whole day), the page they landed on, and how far they went that day. Written with the page views
-- (insert … on conflict do nothing keeps the first); `audit_started_at` when the audit form sends its
-- first answer (or a submitted form without JavaScript). Deleted with the raw page views.
create table analytics_visits (
  day date not null,
  visitor_key text not null,
  first_at timestamptz not null,
  landing text not null,
  source text not null,
  medium text not null,
  campaign text not null default '',
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  pageviews integer not null default 0,
  audit_started_at timestamptz,
  primary key (day, visitor_key)
);

-- The figures of each finished Toronto day, rolled up once from the rows above (again if a late batch
-- lands), kept after the raw rows are gone: a year of traffic is a few thousand rows.
create table analytics_daily_pages (
  day date not null,
  route text not null,
  visitors integer not null,
  pageviews integer not null,
  primary key (day, route)
);

create table analytics_daily_sources (
  day date not null,
  source text not null,
  medium text not null,
  campaign text not null default '',
  landing text not null,
  device text not null,
  visitors integer not null,
  pageviews integer not null,
  audit_started integer not null,
  primary key (day, source, medium, campaign, landing, device)
);

-- Which days are rolled up (and when), so the roll-up runs once per day across processes.
create table analytics_rollups (
  day date primary key,
  rolled_at timestamptz not null
);

-- A won client's monthly retainer in CAD, entered by staff when they mark the lead won.
alter table leads add column won_value numeric(12, 2) check (won_value is null or won_value >= 0);

-- The weekly analytics email (Monday 08:00 Toronto time): one row per week, claimed by the one process
-- that sends it.
create table analytics_digests (
  week_start date primary key,
  state text not null default 'sending' check (state in ('sending', 'sent', 'failed')),
  attempts integer not null default 0,
  claimed_at timestamptz not null,
  finished_at timestamptz,
  detail text
);
