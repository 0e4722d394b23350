-- More than one process on one PostgreSQL (issue 20): the per-client rate-limit counts they share, and
-- word of any change to the A/B tests' definitions.

-- One fixed window per (rule, client), opened by the client's first request and counted by an atomic
-- upsert (db/queries/rate-limits.ts), so every process sees the same count (RATE_LIMIT_STORE=postgres).
-- Unlogged: a count is worth no WAL, and one lost in a crash only starts a client's minute again. The
-- processes delete windows that have ended now and then.
create unlogged table rate_limit_windows (
  rule text not null,
  client text not null,
  window_start timestamptz not null,
  window_end timestamptz not null,
  hits integer not null,
  primary key (rule, client)
);
create index rate_limit_windows_end_idx on rate_limit_windows (window_end);

-- A test stopped, ended, re-weighted or reconfigured (tests are edited with SQL) tells every listening
-- process when the change commits: each forgets the visitors' variants it remembered and re-reads the
-- running tests (features/home-variants.ts).
create function notify_ab_tests_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('ab_tests_changed', '');
  return null;
end $$;
create trigger ab_tests_changed after insert or update or delete or truncate on ab_tests
  for each statement execute function notify_ab_tests_changed();
create trigger ab_test_variants_changed after insert or update or delete or truncate on ab_test_variants
  for each statement execute function notify_ab_tests_changed();
