-- The back office (issue 16): staff sessions, the lead inbox's own table, and its audit trail.

-- One row per signed-in browser. The cookie holds a random 256-bit id; only its SHA-256 is stored, so
-- a copy of this table signs nobody in.
create table staff_sessions (
  id_hash text primary key,
  user_id varchar(36) not null references users(id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null
);
create index staff_sessions_user_idx on staff_sessions (user_id);

-- Every audit and Q4 application once, with what the inbox lists, filters and searches by, so a page of
-- the inbox is one indexed query over one table. Written in the transaction that stores the submission.
-- name, business and email repeat the submission's own columns for the list and the search; erasure
-- clears both.
create table leads (
  kind text not null check (kind in ('audit', 'intake')),
  id varchar(36) not null,
  created_at timestamptz not null,
  reply_by timestamptz not null,
  name text,
  business text,
  email text,
  score integer,
  tier text,
  budget text,
  status text not null default 'new' check (status in ('new', 'contacted', 'session booked', 'won', 'lost', 'not a fit')),
  owner_id varchar(36) references users(id) on delete set null,
  is_spam boolean not null default false,
  visitor_id varchar(255),
  page text,
  erased_at timestamptz,
  search text generated always as (lower(coalesce(name, '') || ' ' || coalesce(business, '') || ' ' || coalesce(email, ''))) stored,
  primary key (kind, id)
);
create index leads_inbox_idx on leads (is_spam, created_at desc, kind desc, id desc);
create index leads_status_idx on leads (status, created_at desc);
create index leads_owner_idx on leads (owner_id, created_at desc);
create index leads_overdue_idx on leads (reply_by) where status = 'new' and not is_spam;

-- Everything that happened to a lead: submitted, viewed by staff, status, owner, note, spam, erased.
-- actor_email keeps the timeline readable after a staff account is removed.
create table lead_events (
  id bigint generated always as identity primary key,
  lead_kind text not null,
  lead_id varchar(36) not null,
  actor_id varchar(36) references users(id) on delete set null,
  actor_email text,
  kind text not null check (kind in ('submitted', 'viewed', 'status', 'owner', 'note', 'spam', 'erased')),
  from_value text,
  to_value text,
  note text,
  at timestamptz not null,
  foreign key (lead_kind, lead_id) references leads (kind, id) on delete cascade
);
create index lead_events_lead_idx on lead_events (lead_kind, lead_id, at, id);

-- The submissions stored before this migration. reply_by starts at the arrival time; the migration's
-- step in TypeScript (db/migrations/index.ts) sets it by the Ontario business-day rule.
insert into leads (kind, id, created_at, reply_by, name, business, email, score, tier, is_spam)
select 'audit', id, created_at, created_at, first_name || ' ' || last_name, business_name, email, audit_score::integer, package_tier, is_spam
from business_audits;

insert into leads (kind, id, created_at, reply_by, name, business, email, budget, is_spam, page)
select 'intake', id, created_at, created_at, first_name || ' ' || last_name, company, work_email, monthly_marketing_budget, is_spam, consent_page
from q4_intake_applications;

insert into lead_events (lead_kind, lead_id, kind, at) select kind, id, 'submitted', created_at from leads;
