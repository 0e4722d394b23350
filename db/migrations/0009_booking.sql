-- Booking the strategy session on the site (issue 28): who takes bookings and when, their calendars,
-- the bookings themselves with the guarantee that nobody is booked twice, and the booking's emails,
-- calendar writes and reminders as jobs of the notification queue.

-- A visitor who books without an audit or an application becomes a lead of their own.
alter table leads drop constraint leads_kind_check;
alter table leads add constraint leads_kind_check check (kind in ('audit', 'intake', 'booking'));
-- The link staff send a lead to book with (/book?lead={token}): made when staff first ask for it.
alter table leads add column booking_token varchar(64) unique;
create index leads_email_idx on leads (lower(email), created_at desc) where erased_at is null;

-- Each staff member's bookable hours (Toronto time, lib/booking/hours.ts's text form) and calendar: a
-- CalDAV calendar (read for busy times, written with each booking) or a read-only iCal feed. The
-- password is sealed with a key from APP_SECRET (lib/booking/secret-box.ts); calendar_problem is the
-- last reason the calendar could not be read, shown on /admin/booking, null when it answered.
create table booking_settings (
  user_id varchar(36) primary key references users(id) on delete cascade,
  -- The name visitors see ("with Priya Shah"); the email's local part when unset.
  display_name text,
  -- Their video room (a Meet, Zoom or Teams link): in the invites and the emails.
  meeting_url text,
  accepting boolean not null default false,
  hours text not null default '',
  calendar_kind text check (calendar_kind in ('caldav', 'ical')),
  calendar_url text,
  calendar_user text,
  calendar_password text,
  calendar_name text,
  calendar_problem text,
  calendar_checked_at timestamptz,
  updated_at timestamptz not null
);

-- One row per booked session. `id` is the visitor's submission id (a retry books nothing twice);
-- `sequence` counts the changes an invite has had (a move or a cancel adds one, as iCalendar's SEQUENCE);
-- `manage_token` is the secret of the visitor's /book/manage/{token} link. Personal data (name, email,
-- phone, note) is cleared when the lead is erased.
create table bookings (
  id varchar(36) primary key,
  lead_kind text not null,
  lead_id varchar(36) not null,
  staff_id varchar(36) references users(id) on delete set null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The end of the buffer after the session: the time this booking keeps its staff member from another.
  blocked_until timestamptz not null,
  previous_starts_at timestamptz,
  -- Who had it before a move gave it to another staff member: their calendar's copy is removed.
  previous_staff_id varchar(36) references users(id) on delete set null,
  status text not null default 'booked' check (status in ('booked', 'cancelled', 'held', 'no-show')),
  sequence integer not null default 0,
  manage_token varchar(64) not null unique,
  name text,
  email text,
  phone text,
  note text,
  visitor_id varchar(255),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  erased_at timestamptz,
  check (starts_at < ends_at and ends_at <= blocked_until),
  foreign key (lead_kind, lead_id) references leads (kind, id) on delete cascade
);
create index bookings_upcoming_idx on bookings (starts_at) where status = 'booked';
create index bookings_lead_idx on bookings (lead_kind, lead_id, starts_at);
create index bookings_staff_idx on bookings (staff_id, starts_at);

-- Never double booked, in the database: a booking claims every minute of its staff member's time from
-- its start to the end of its buffer, and (staff member, minute) is unique, so of two overlapping
-- bookings written at once, on any number of processes, one commits and the other fails on this key.
-- (An exclusion constraint over a time range needs btree_gist for the staff member's id, which the
-- embedded database does not load; this guarantee is the same on both.) A cancelled booking's claims
-- are deleted with the cancellation, freeing the slot.
create table booking_claims (
  staff_id varchar(36) not null references users(id) on delete cascade,
  minute timestamptz not null check (extract(second from minute) = 0),
  booking_id varchar(36) not null references bookings(id) on delete cascade,
  primary key (staff_id, minute)
);
create index booking_claims_booking_idx on booking_claims (booking_id);

-- A booking's notifications are jobs too, several per lead: each names its booking and the booking's
-- `sequence` it was queued for (the confirmation is 0, the first move 1 …), so a move queues new ones
-- and an older one that is no longer true is skipped when its turn comes.
alter table jobs add column booking_id varchar(36) references bookings(id) on delete cascade;
alter table jobs add column revision integer not null default 0;
alter table jobs drop constraint jobs_lead_kind_lead_id_channel_key;
create unique index jobs_once_idx on jobs (lead_kind, lead_id, channel, coalesce(booking_id, ''), revision);
alter table jobs drop constraint jobs_channel_check;
alter table jobs add constraint jobs_channel_check check (channel in (
  'staff-email', 'prospect-email', 'webhook', 'erased-webhook',
  'booking-visitor', 'booking-staff', 'booking-calendar', 'reminder-24h', 'reminder-1h', 'no-show'
));

-- Bookings on a lead's timeline: to_value is what happened (booked, moved, cancelled, held, no-show).
alter table lead_events drop constraint lead_events_kind_check;
alter table lead_events add constraint lead_events_kind_check
  check (kind in ('submitted', 'viewed', 'status', 'owner', 'note', 'spam', 'erased', 'delivery', 'booking'));
