-- The story generator's site-wide daily budget: one row per calendar day in Toronto, counted with an
-- atomic upsert, so every process on this database shares it and a restart does not reset it.
create table story_budget (
  day date primary key,
  used integer not null check (used >= 0)
);
