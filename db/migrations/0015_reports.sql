-- The analytics reports (issue 31): a won lead's retainer on its timeline, and the indexes the
-- dashboard's lead and A/B figures are read by.

-- Setting or changing a won lead's monthly retainer is an event of its own on the timeline:
-- from_value and to_value are the amounts in CAD ('2500.00'), from_value null the first time.
alter table lead_events drop constraint lead_events_kind_check;
alter table lead_events add constraint lead_events_kind_check
  check (kind in ('submitted', 'viewed', 'status', 'owner', 'note', 'spam', 'erased', 'delivery', 'booking', 'resubmitted', 'won value'));

-- The funnel counts the leads that arrived in a date range (neither spam nor erased), and the visitors
-- each A/B variant was shown to in it (their assignments' times, grouped by variant). With the variant
-- beside the time, PostgreSQL counts from the index alone (an index-only scan) instead of reading every
-- assignment row: at 200,000 assignments (bun run bench:analytics) the default 28 days and the 28 before
-- them took 77-95 ms of the database's time with an index of the time alone, and take 27-28 ms.
create index leads_report_idx on leads (created_at) where not is_spam and erased_at is null;
create index ab_test_assignments_assigned_idx on ab_test_assignments (assigned_at, variant_id);
