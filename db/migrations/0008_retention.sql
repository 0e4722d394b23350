-- Erasure that erases, and retention (issue 26): the signed notice that a lead was erased, the indexes
-- erasure and the retention sweep look leads up by, the once-a-day claim of the sweeps, and the archive
-- of an A/B test's figures that stays when its raw events are deleted.

-- The `lead.erased` webhook is a job like the others: one per lead (the (lead, channel) key), retried
-- the same way. The previous version never queues it.
alter table jobs drop constraint jobs_channel_check;
alter table jobs add constraint jobs_channel_check check (channel in ('staff-email', 'prospect-email', 'webhook', 'erased-webhook'));

-- Erasure gives every lead of the erased visitor the visitor's new pseudonym; the sweep finds leads past
-- their retention time.
create index leads_visitor_idx on leads (visitor_id) where visitor_id is not null;
create index leads_retention_idx on leads (created_at) where erased_at is null and status <> 'won';

-- When each daily sweep last ran, claimed by one atomic upsert, so however many processes and machines
-- share the database, a sweep runs at most once a day.
create table housekeeping_runs (
  task text primary key,
  ran_at timestamptz not null
);

-- An A/B test's figures as the dashboard, the results API and its CSV show them, kept when its raw
-- events are deleted (a year after the test ended). `scope` is the first-touch source the figures are
-- narrowed to, or '' for every visitor (a source is never empty: lib/attribution.ts). Read by adding
-- them to what the raw rows give (nothing, once they are deleted).
create table ab_test_archive_counts (
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  scope text not null,
  variant_id varchar(36) not null references ab_test_variants(id) on delete cascade,
  views integer not null,
  clicks integer not null,
  conversions integer not null,
  primary key (test_id, scope, variant_id)
);

-- New viewers and converters per variant per hour since the Unix epoch (the dashboard's daily chart).
create table ab_test_archive_hours (
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  scope text not null,
  variant_id varchar(36) not null references ab_test_variants(id) on delete cascade,
  hour integer not null,
  viewers integer not null,
  conversions integer not null,
  primary key (test_id, scope, variant_id, hour)
);

-- The test's visitors per first-touch source who were in no other test with that source when it was
-- archived: the dashboard's source filter counts each visitor once across the tests.
create table ab_test_archive_sources (
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  source text not null,
  visitors integer not null,
  primary key (test_id, source)
);

-- A test inactive since its updated_at counts as ended then: the column follows every change to the
-- row that does not set it itself (tests are edited with SQL).
create function ab_tests_touch_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at = old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end $$;
create trigger ab_tests_updated_at before update on ab_tests
  for each row execute function ab_tests_touch_updated_at();
