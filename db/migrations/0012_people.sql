-- Follow-up (issue 30): one record per person, the calls and emails staff make from it, and the next
-- action every open lead has.

-- A person: every lead (audit, application, booking) whose email normalises to the same text
-- (lib/people/identity.ts emailKey). A merge points one person at another (`merged_into`, always a
-- person that is not merged itself: merges are flattened), so undoing a merge is clearing pointers and a
-- lead's `person_id` stays the person of its own address. The record is the root's: name, phone, the
-- next action, and for the inbox's sorts the newest lead's time and the best audit score of every lead
-- of the root and of those merged into it (kept by db/queries/people.ts). Erasure clears the email key,
-- name, phone and next action; the row stays as the anonymous record that a person was erased.
create table people (
  id varchar(36) primary key,
  email_key text unique,
  name text,
  phone text,
  created_at timestamptz not null,
  latest_at timestamptz not null,
  best_score integer,
  merged_into varchar(36) references people(id),
  next_action_due timestamptz,
  next_action_what text,
  next_action_by varchar(36) references users(id) on delete set null,
  erased_at timestamptz
);
create index people_due_idx on people (next_action_due, latest_at desc, id) where merged_into is null;
create index people_latest_idx on people (latest_at desc, id) where merged_into is null;
create index people_score_idx on people (best_score desc nulls last, latest_at desc, id) where merged_into is null;
create index people_merged_idx on people (merged_into) where merged_into is not null;

-- The lead's person, the phone it gave (audit phone, application mobile, booking phone), and when staff
-- first reached out to it (a call logged, an email sent, or the status moved on from new): the
-- 2-business-day promise is kept then.
alter table leads add column person_id varchar(36) references people(id);
alter table leads add column phone text;
alter table leads add column first_reached_at timestamptz;
create index leads_person_idx on leads (person_id, created_at desc);
drop index leads_overdue_idx;
create index leads_overdue_idx on leads (reply_by) where first_reached_at is null and status = 'new' and not is_spam and erased_at is null;

-- What staff did with a person: a call (answered, voicemail, no answer) with its note, an email sent
-- from a template (its subject and text; the delivery is a job), a next action set or done, a merge or
-- its undoing. Erasing the person deletes these rows.
create table person_activities (
  id bigint generated always as identity primary key,
  person_id varchar(36) not null references people(id) on delete cascade,
  kind text not null check (kind in ('call', 'email', 'next-action', 'merge', 'unmerge')),
  outcome text,
  subject text,
  body text,
  note text,
  lead_kind text,
  lead_id varchar(36),
  actor_id varchar(36) references users(id) on delete set null,
  actor_email text,
  at timestamptz not null
);
create index person_activities_person_idx on person_activities (person_id, at, id);

-- A merge of `from_id` into `into_id`, with the people that pointed at from_id then (`moved`), so an
-- undo puts every pointer back as it was.
create table person_merges (
  id bigint generated always as identity primary key,
  into_id varchar(36) not null references people(id),
  from_id varchar(36) not null references people(id),
  moved text[] not null default '{}',
  actor_id varchar(36) references users(id) on delete set null,
  actor_email text,
  at timestamptz not null,
  undone_at timestamptz
);
create index person_merges_into_idx on person_merges (into_id, at desc);

-- An email staff send from a person's page is a job of the notification queue (retried, recorded),
-- hung on the lead it was about and naming its activity.
alter table jobs add column activity_id bigint references person_activities(id) on delete cascade;
drop index jobs_once_idx;
create unique index jobs_once_idx on jobs (lead_kind, lead_id, channel, coalesce(booking_id, ''), revision, coalesce(activity_id, 0));
alter table jobs drop constraint jobs_channel_check;
alter table jobs add constraint jobs_channel_check check (channel in (
  'staff-email', 'prospect-email', 'webhook', 'erased-webhook',
  'booking-visitor', 'booking-staff', 'booking-calendar', 'reminder-24h', 'reminder-1h', 'no-show',
  'staff-message'));

-- Each staff member's morning email (what is due today and overdue): one row per person and day, claimed
-- by the first process to insert it, so it is sent once however many processes run.
create table staff_digests (
  user_id varchar(36) not null references users(id) on delete cascade,
  day date not null,
  state text not null default 'sending' check (state in ('sending', 'sent', 'skipped', 'failed')),
  attempts integer not null default 0,
  claimed_at timestamptz not null,
  finished_at timestamptz,
  detail text,
  primary key (user_id, day)
);

-- That a person was erased, when, by whom (or by retention) and how many leads went: nothing about them.
create table erasures (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  actor_email text,
  reason text not null check (reason in ('request', 'retention')),
  leads integer not null
);
