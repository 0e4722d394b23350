-- Staff sign-in that holds under attack, and staff accounts (issue 26): one password or code check at a
-- time per account and per address, the browsers an account signed in from before, two-factor sign-in.
-- Attempts are counted in rate_limit_windows (0006) on every kind of database.

-- At most one check in flight per key ('account:<email>', 'address:<client>'), across processes: a row
-- is claimed by one statement when it is free or its lease has run out, and deleted after the check.
-- A process that dies mid-check leaves a lease that runs out by itself a few seconds later. Unlogged:
-- a crash forgets the leases, which is what they would do anyway.
create unlogged table staff_sign_in_gates (
  key text primary key,
  holder text not null,
  expires_at timestamptz not null
);

-- Browsers that signed in to an account (OWASP's device cookies): the staff_device cookie holds a
-- random 256-bit token; only its SHA-256 is kept. A known device is not held to the limit strangers on
-- the account are, so a guesser cannot keep the staff member out from their usual device.
create table staff_devices (
  token_hash text primary key,
  user_id varchar(36) not null references users(id) on delete cascade,
  created_at timestamptz not null
);
create index staff_devices_user_idx on staff_devices (user_id, created_at);

-- TOTP (RFC 6238) per account. confirmed_at is null while enrolment waits for its first code.
-- last_step is the time step of the last code accepted: a code is taken once, and never an older one.
create table staff_two_factor (
  user_id varchar(36) primary key references users(id) on delete cascade,
  secret text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten single-use recovery codes, shown once at enrolment; only their SHA-256 is kept.
create table staff_recovery_codes (
  user_id varchar(36) not null references users(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- A password accepted for an account with two-factor sign-in, waiting for its code: bound to the
-- browser by the staff_pending cookie (its SHA-256 here), short-lived, a few tries.
create table staff_sign_in_pending (
  id_hash text primary key,
  user_id varchar(36) not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  tries integer not null default 0
);
create index staff_sign_in_pending_user_idx on staff_sign_in_pending (user_id);
