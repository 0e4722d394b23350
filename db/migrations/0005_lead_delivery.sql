-- Every lead reaches a person (issue 17): the notifications queue, the audit's private results link,
-- the audit's marketing consent record, and where each lead came from.

-- One row per notification of a lead: the staff email, the prospect's email and the webhook. Written in
-- the transaction that stores the lead, so a lead is never stored without its notifications or notified
-- without being stored; (lead, channel) is unique, so no notification is queued twice. A worker claims a
-- due row with FOR UPDATE SKIP LOCKED (each row is worked by one process at a time) under a lease: a
-- worker killed mid-delivery leaves a row whose lease runs out, and the next worker takes it again.
-- Holds no personal data: the delivery reads the lead when it runs (and skips an erased one).
create table jobs (
  id bigint generated always as identity primary key,
  lead_kind text not null,
  lead_id varchar(36) not null,
  channel text not null check (channel in ('staff-email', 'prospect-email', 'webhook')),
  state text not null default 'queued' check (state in ('queued', 'running', 'delivered', 'skipped', 'dead')),
  attempts integer not null default 0,
  run_at timestamptz not null,
  -- Retries stop here (24 hours after the first try, or after staff pressed Retry): the job is dead.
  give_up_at timestamptz not null,
  lease_token uuid,
  leased_until timestamptz,
  -- The last failure (a dead job shows it), and what the delivery said (who got it, why it was skipped).
  last_error text,
  detail text,
  created_at timestamptz not null,
  finished_at timestamptz,
  unique (lead_kind, lead_id, channel),
  foreign key (lead_kind, lead_id) references leads (kind, id) on delete cascade
);
create index jobs_due_idx on jobs (run_at) where state = 'queued';
create index jobs_lease_idx on jobs (leased_until) where state = 'running';
create index jobs_dead_idx on jobs (lead_kind, lead_id) where state = 'dead';

-- The audit's private results link (a random 256-bit token; the link works for 90 days), and the
-- optional marketing consent asked on the audit form (CASL express consent: the wording's version, the
-- page it was given on, the A/B variants the person saw; the time is the audit's created_at).
alter table business_audits
  add column results_token varchar(64) unique,
  add column marketing_consent boolean not null default false,
  add column consent_version text,
  add column consent_page text,
  add column consent_variants text;
-- The intake keeps the same record.
alter table q4_intake_applications add column consent_variants text;

-- Where the lead came from: the visitor's first landing on the site (kept from their first visit) and
-- their latest landing from a campaign or another site, each {utm_*, gclid, fbclid, referrer, landing,
-- at}; `source` is the first touch's source as the inbox filters by it. And whether the person may be
-- sent marketing email (the audit's box, or the intake's consent).
alter table leads
  add column first_touch jsonb,
  add column last_touch jsonb,
  add column source text,
  add column marketing_consent boolean not null default false;
create index leads_source_idx on leads (source, created_at desc);
update leads set marketing_consent = true
where kind = 'intake' and exists (select 1 from q4_intake_applications a where a.id = leads.id and a.casl_consent = 'true');

-- Deliveries on a lead's timeline: from_value is the channel, to_value what happened (delivered,
-- skipped, dead, retried).
alter table lead_events drop constraint lead_events_kind_check;
alter table lead_events add constraint lead_events_kind_check
  check (kind in ('submitted', 'viewed', 'status', 'owner', 'note', 'spam', 'erased', 'delivery'));

-- The first-touch source of each visitor in an experiment, so results can be broken down by source.
alter table ab_test_assignments add column source text;
