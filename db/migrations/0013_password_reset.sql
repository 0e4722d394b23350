-- Password reset by email (issue 30): a staff member who forgot their password asks for a link at
-- /admin/password-reset. The link carries a random 256-bit token; only its SHA-256 is kept here, so a
-- copy of the database opens no account. A token works once (used_at), for 30 minutes (expires_at), and
-- asking again deletes the account's older ones. Gone with the account.
create table staff_password_resets (
  token_hash text primary key,
  user_id varchar(36) not null references users(id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_password_resets_user_idx on staff_password_resets (user_id);
