-- The eight tables of the specification's "Stored tables". Ids are 36-character UUID strings;
-- submissions may bring their own (client-generated) id so retries are idempotent.

create table ab_tests (
  id varchar(36) primary key default gen_random_uuid()::text,
  name varchar(255) not null unique,
  description text,
  is_active boolean not null default true,
  traffic_allocation integer not null default 50 check (traffic_allocation between 0 and 100),
  start_date timestamptz not null default now(),
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table ab_test_variants (
  id varchar(36) primary key default gen_random_uuid()::text,
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  name varchar(255) not null,
  is_control boolean not null default false,
  configuration jsonb not null,
  weight integer not null default 1 check (weight >= 0),
  created_at timestamptz not null default now(),
  unique (test_id, name)
);
create index ab_test_variants_test_idx on ab_test_variants (test_id);

create table ab_test_assignments (
  id varchar(36) primary key default gen_random_uuid()::text,
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  variant_id varchar(36) not null references ab_test_variants(id) on delete cascade,
  user_id varchar(255) not null,
  assigned_at timestamptz not null default now(),
  unique (test_id, user_id)
);
create index ab_test_assignments_user_idx on ab_test_assignments (user_id);

create table ab_test_events (
  id varchar(36) primary key default gen_random_uuid()::text,
  test_id varchar(36) not null references ab_tests(id) on delete cascade,
  variant_id varchar(36) not null references ab_test_variants(id) on delete cascade,
  user_id varchar(255) not null,
  event_type varchar(100) not null,
  event_data jsonb,
  timestamp timestamptz not null default now()
);
create index ab_test_events_results_idx on ab_test_events (test_id, variant_id, event_type, user_id);

create table users (
  id varchar(36) primary key default gen_random_uuid()::text,
  username text not null unique,
  password text not null
);

create table contacts (
  id varchar(36) primary key default gen_random_uuid()::text,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  business text,
  service text,
  message text,
  source text not null default 'website',
  is_spam boolean not null default false,
  created_at timestamptz not null default now()
);
create index contacts_created_idx on contacts (created_at desc);

create table business_audits (
  id varchar(36) primary key default gen_random_uuid()::text,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  business_name text not null,
  industry text not null,
  website text,
  monthly_revenue text not null,
  current_marketing text[] not null default '{}',
  marketing_budget text not null,
  primary_goals text[] not null default '{}',
  timeframe text not null,
  current_challenges text[] not null default '{}',
  online_presence text not null,
  competitor_analysis text not null,
  previous_agency text not null,
  recommended_services text[] not null default '{}',
  package_tier text not null,
  estimated_value numeric(12, 2) not null,
  audit_score numeric(5, 0) not null,
  is_spam boolean not null default false,
  created_at timestamptz not null default now()
);
create index business_audits_created_idx on business_audits (created_at desc);

create table q4_intake_applications (
  id varchar(36) primary key default gen_random_uuid()::text,
  first_name text not null,
  last_name text not null,
  work_email text not null,
  mobile text not null,
  company text not null,
  website text,
  industry text not null,
  city text not null,
  monthly_marketing_budget text not null,
  biggest_goal text not null,
  how_did_you_hear text,
  casl_consent text not null,
  consent_version text,
  consent_page text,
  is_spam boolean not null default false,
  created_at timestamptz not null default now()
);
create index q4_intake_created_idx on q4_intake_applications (created_at desc);
