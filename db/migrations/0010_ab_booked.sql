-- A booked strategy session is an A/B goal of its own (issue 28), beside the submitted form: the
-- archive of a test's figures (0008) keeps its count of visitors who booked too. Tests archived before
-- this had no bookings to keep.
alter table ab_test_archive_counts add column booked integer not null default 0;
