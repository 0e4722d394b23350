import { expect, test } from 'bun:test';
import { hasOwnerPowers, isStaffRole, ownerStanding } from './roles.ts';

test('an owner has an owner’s powers only with two-factor sign-in on; staff never', () => {
  expect(ownerStanding({ role: 'owner', twoFactor: true })).toBe('owner');
  expect(ownerStanding({ role: 'owner', twoFactor: false })).toBe('owner-without-two-factor');
  expect(ownerStanding({ role: 'staff', twoFactor: true })).toBe('staff');
  expect(ownerStanding({ role: 'staff', twoFactor: false })).toBe('staff');
  expect(hasOwnerPowers({ role: 'owner', twoFactor: true })).toBe(true);
  expect(hasOwnerPowers({ role: 'owner', twoFactor: false })).toBe(false);
  expect(hasOwnerPowers({ role: 'staff', twoFactor: true })).toBe(false);
});

test('a role is one of the two names, exactly', () => {
  expect(isStaffRole('owner')).toBe(true);
  expect(isStaffRole('staff')).toBe(true);
  for (const value of ['Owner', 'admin', '', null, undefined, 1, ['owner']]) expect(isStaffRole(value)).toBe(false);
});
