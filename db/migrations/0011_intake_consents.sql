-- The Q4 intake's two consents (issue 29). The required box now covers the application itself (replies
-- about it, scheduling the strategy session); marketing is a separate, optional, unticked box, recorded
-- as the audit's is: whether it was ticked, under which wording, on which page, with which A/B variants
-- seen, and when (an application sent again may tick it later). The lead's marketing_consent follows
-- this box only.
alter table q4_intake_applications
  add column marketing_consent boolean not null default false,
  add column marketing_consent_version text,
  add column marketing_consent_page text,
  add column marketing_consent_variants text,
  add column marketing_consent_at timestamptz,
  -- When the same person last applied again in the same intake (db/queries/intake.ts); null until then.
  add column updated_at timestamptz;

-- Applications made under the first wording, which bundled marketing with the application, did agree
-- to marketing: their record says so, under that wording, and their leads keep marketing_consent.
update q4_intake_applications
set marketing_consent = true, marketing_consent_version = consent_version, marketing_consent_page = consent_page,
  marketing_consent_variants = consent_variants, marketing_consent_at = created_at
where casl_consent = 'true' and consent_version = 'casl-intake-2024-10-v1';

-- An application sent again is one event on its lead's timeline: the page it came from, and in the note
-- what changed (cleared, as every note is, when the lead is erased).
alter table lead_events drop constraint lead_events_kind_check;
alter table lead_events add constraint lead_events_kind_check
  check (kind in ('submitted', 'viewed', 'status', 'owner', 'note', 'spam', 'erased', 'delivery', 'booking', 'resubmitted'));
