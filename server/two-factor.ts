import { randomBytes } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Sql } from 'postgres';
import { createPending, endPending, findPending, type Pending } from '../db/queries/sign-in.ts';
import { acceptStep, spendRecoveryCode, twoFactorOf } from '../db/queries/two-factor.ts';
import { PENDING_MS } from '../lib/staff/sign-in-throttle.ts';
import {
  isTotpShaped,
  matchingStep,
  normalRecoveryCode,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeOf,
  TOTP_SECRET_BYTES,
  totpSecretOf,
} from '../lib/staff/totp.ts';
import { withDatabaseDeadline } from './deadline.ts';
import type { AppContext } from './deps.ts';
import { newToken, tokenHash, tokenShaped } from './staff-auth.ts';

// Two-factor sign-in's effects: the second step between the password and the code (a short-lived row
// bound to this browser by the staff_pending cookie; no session exists until the code is given),
// checking a code once, and making secrets, recovery codes and the QR code. The rules are lib/staff/totp.ts.

const PENDING_COOKIE = 'staff_pending';

/** After a right password on an account with two-factor sign-in: the second step, bound to this browser. */
export async function startSecondStep(c: AppContext, userId: string): Promise<void> {
  const { sql, now, config } = c.get('deps');
  const id = newToken();
  await withDatabaseDeadline(sql, (db) => createPending(db, tokenHash(id), userId, now(), PENDING_MS));
  setCookie(c, PENDING_COOKIE, id, { httpOnly: true, sameSite: 'Strict', secure: config.isProduction, path: '/admin', maxAge: PENDING_MS / 1000 });
}

/** This browser's second step, while it lasts: its id's hash and the account it is for. */
export async function currentSecondStep(c: AppContext): Promise<{ idHash: string; pending: Pending } | null> {
  const id = getCookie(c, PENDING_COOKIE);
  if (!tokenShaped(id)) return null;
  const idHash = tokenHash(id);
  const pending = await withDatabaseDeadline(c.get('deps').sql, (db) => findPending(db, idHash, c.get('deps').now()));
  return pending ? { idHash, pending } : null;
}

/** Ends this browser's second step (true when it was still there: only one request gets true) and clears its cookie. */
export async function endSecondStep(c: AppContext, idHash: string): Promise<boolean> {
  forgetSecondStep(c);
  return withDatabaseDeadline(c.get('deps').sql, (db) => endPending(db, idHash));
}

export function forgetSecondStep(c: AppContext): void {
  deleteCookie(c, PENDING_COOKIE, { path: '/admin', secure: c.get('deps').config.isProduction, httpOnly: true, sameSite: 'Strict' });
}

/**
 * Whether `code` signs `userId` in now: the app's current code (one step either side), taken once, or
 * one of the recovery codes, used up. Which of the two it was, or null.
 */
export async function spendCode(sql: Sql, userId: string, code: string, now: Date): Promise<'app' | 'recovery' | null> {
  if (isTotpShaped(code)) {
    const twoFactor = await twoFactorOf(sql, userId);
    const step = twoFactor?.confirmedAt ? matchingStep(twoFactor.secret, code, now.getTime()) : null;
    return step !== null && (await acceptStep(sql, userId, step)) ? 'app' : null;
  }
  const typed = normalRecoveryCode(code);
  if (!/^[a-z2-7]{16}$/.test(typed)) return null;
  return (await spendRecoveryCode(sql, userId, tokenHash(typed), now)) ? 'recovery' : null;
}

/** A new TOTP secret (base32, 160 random bits). */
export const newTotpSecret = () => totpSecretOf(randomBytes(TOTP_SECRET_BYTES));

/** Ten new recovery codes, and the hashes that are all the database keeps of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeOf(randomBytes(RECOVERY_CODE_BYTES)));
  return { codes, hashes: codes.map((code) => tokenHash(normalRecoveryCode(code))) };
}

/** A QR code as one SVG path (drawn by components/staff/QrCode.tsx): made here, no request leaves the server. */
export type QrCodeShape = { size: number; path: string };

/** Loaded when someone enrols, not at start. */
export async function qrCodeOf(text: string): Promise<QrCodeShape> {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`;
  }
  return { size, path };
}
