// Staff roles, pure (issue 33). An `owner` may do everything; `staff` work leads, bookings and people and
// read experiments and content. What needs an owner is decided where each route is declared
// (`requireOwner`, server/staff-auth.ts); this file only names the roles and says them to people.

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
