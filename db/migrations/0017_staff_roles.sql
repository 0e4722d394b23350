-- Staff roles (issue 33): an `owner` may do everything; `staff` work the leads, bookings and people and
-- read experiments and content, but may not erase, publish, run experiments or manage accounts.
--
-- Every account made before this had every right, so each becomes an owner: nobody loses what they could
-- do, and the agency is never left without someone able to act on an erasure request. An owner then
-- narrows the others with `bun run staff:add EMAIL --role staff` (staff:list shows who is what). Accounts
-- made from now on are `staff` unless said otherwise (least privilege), except the very first, which
-- scripts/staff.ts makes an owner.
alter table users add column role text not null default 'owner' check (role in ('owner', 'staff'));
alter table users alter column role set default 'staff';
