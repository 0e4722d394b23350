-- Content slots (issue 33): the hero and the audit form as staff publish them. Every version is kept:
-- the published one is the slot's highest version; a rollback publishes an earlier version's fields
-- again as a new version, so the history reads who changed what, when, before -> after. Version 1 of
-- each slot (the spec's control copy) is written by this migration's TypeScript step from
-- lib/content/slots.ts.
create table content_versions (
  slot text not null check (slot in ('hero', 'audit-form')),
  version integer not null check (version > 0),
  fields jsonb not null,
  -- The staff member who published it (null: the migration), kept readable after the account goes.
  published_by text,
  published_at timestamptz not null default now(),
  -- What it was: a publish, a rollback to version N, or an experiment's variant shipped.
  reason text not null default 'published',
  primary key (slot, version)
);

-- A publish tells every listening process at commit, on the A/B tests' channel: one mechanism, and
-- each process forgets its remembered variants and the published copy (features/ab/home-variants.ts).
create trigger content_versions_changed after insert or update or delete or truncate on content_versions
  for each statement execute function notify_ab_tests_changed();

-- Experiments are the A/B tests (one model): each may be on a content slot, with its hypothesis, its
-- primary goal (a lead submitted, a session booked, or pipeline value) and, once shipped, the variant
-- that became the slot's published copy. The two seeded tests are the first two experiments. At most one
-- active experiment per slot, enforced here as well as by the builder (a second start is a 409).
alter table ab_tests add column slot text check (slot in ('hero', 'audit-form'));
alter table ab_tests add column hypothesis text;
alter table ab_tests add column goal text not null default 'lead' check (goal in ('lead', 'booked', 'value'));
alter table ab_tests add column shipped_variant_id varchar(36) references ab_test_variants (id) on delete set null;
update ab_tests set slot = 'audit-form' where id = 'a8b7c6d5-0000-4000-8000-000000000001';
update ab_tests set slot = 'hero' where id = 'a8b7c6d5-0000-4000-8000-000000000002';
create unique index ab_tests_one_active_per_slot on ab_tests (slot) where is_active and slot is not null;
