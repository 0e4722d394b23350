-- The experiment builder (issue 33). A test that is not active and has no end date is a draft, never
-- started; stopping one sets its end date. Tests stopped before this (by hand) get theirs from when they
-- last changed, so none of them reads as a draft that could be started again over its old results.
update ab_tests set end_date = updated_at where not is_active and end_date is null;

-- The seeded hero test's variants named one of the spec's local heroes ({"heroVariant": "variant-a"});
-- every experiment's variant now holds the slot's fields themselves, so this migration's TypeScript step
-- writes each seeded hero's copy into its configuration. Ids, assignments and events stay: the results
-- are intact.
