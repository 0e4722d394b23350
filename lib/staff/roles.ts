// Staff roles, pure (issue 33). An `owner` may do everything; `staff` work leads, bookings and people and
// read experiments and content. What needs an owner is decided where each route is declared
// (`requireOwner`, server/staff-auth.ts); this file names the roles, says them to people, and decides
// whether an account may use an owner's powers now: an owner needs two-factor sign-in on as well
// (issue 26), so an owner's password alone can never erase, publish or ship. Until they turn it on,
// an owner works as staff do.

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether `value` names a role (the command line and the database are both checked with it). */
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** The role as a person reads it on the account page. */
export const roleLabel: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' };

/** What each role may do, in a sentence for the account page. */
export const roleSummary: Record<StaffRole, string> = {
  owner: 'You can do everything in the back office, including erasing leads and people, publishing content and running experiments.',
  staff: 'You can work leads, people and bookings, and read experiments and content. Erasing, publishing and running experiments are for an owner.',
};

/** Said beside an owner-only button a `staff` account sees disabled, and in the 403 it would get. */
export const OWNER_ONLY = 'Only an owner can do this. Ask an owner of the account if it needs doing.';

/** The 403 an owner gets for an owner action while their account has no two-factor sign-in. */
export const OWNER_NEEDS_TWO_FACTOR = 'Owner actions need two-factor sign-in. Turn it on under Account (a minute with any authenticator app), then try again.';

/**
 * What a signed-in account may do with an owner's powers now: `owner` (all of them), `staff` (none:
 * the role), or `owner-without-two-factor` (none until two-factor sign-in is on).
 */
export type OwnerStanding = 'owner' | 'staff' | 'owner-without-two-factor';

export function ownerStanding({ role, twoFactor }: { role: StaffRole; twoFactor: boolean }): OwnerStanding {
  if (role !== 'owner') return 'staff';
  return twoFactor ? 'owner' : 'owner-without-two-factor';
}

/** Why an account without an owner's powers now is refused an owner action (the 403's message). */
export const OWNER_REFUSAL: Record<Exclude<OwnerStanding, 'owner'>, string> = {
  staff: OWNER_ONLY,
  'owner-without-two-factor': OWNER_NEEDS_TWO_FACTOR,
};

/** Whether the account may erase, publish, run experiments and manage accounts now. */
export const hasOwnerPowers = (staff: { role: StaffRole; twoFactor: boolean }) => ownerStanding(staff) === 'owner';
