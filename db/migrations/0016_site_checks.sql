-- The audit checks the prospect's website (issue 32): one check per audit that gave a website, run in the
-- background by the notification queue (channel 'site-check'), and a cache of each site's last check so a
-- site is fetched at most once an hour however many audits name it.

-- An audit's check: pending until the queue has run it, then what was found. Goes with the audit (an
-- erased lead's audit row is deleted, and this with it).
create table site_checks (
  audit_id varchar(36) primary key references business_audits (id) on delete cascade,
  url text not null,
  -- scheme://host:port, the cache's key (lib/audit/site-check.ts siteKeyOf).
  site_key text not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'failed', 'refused')),
  reason text,
  checked_at timestamptz,
  -- [{key, label, status, evidence}] (lib/site-check/types.ts SiteCheckFinding).
  checks jsonb not null default '[]',
  requested_at timestamptz not null
);
create index site_checks_site_idx on site_checks (site_key);

-- Each site's latest check, reused by any audit of the same site within the hour.
create table site_check_cache (
  site_key text primary key,
  url text not null,
  status text not null check (status in ('done', 'failed', 'refused')),
  reason text,
  checked_at timestamptz not null,
  checks jsonb not null default '[]'
);
create index site_check_cache_checked_idx on site_check_cache (checked_at);

alter table jobs drop constraint jobs_channel_check;
alter table jobs add constraint jobs_channel_check check (channel in (
  'staff-email', 'prospect-email', 'webhook', 'erased-webhook',
  'booking-visitor', 'booking-staff', 'booking-calendar', 'reminder-24h', 'reminder-1h', 'no-show',
  'staff-message', 'site-check'));
