import { getCookie, setCookie } from 'hono/cookie';
import { findDevice, rememberDevice } from '../db/queries/sign-in.ts';
import { DEVICE_MAX_MS } from '../lib/staff/sign-in-throttle.ts';
import { withDatabaseDeadline } from './deadline.ts';
import type { AppContext } from './deps.ts';
import { newToken, tokenHash, tokenShaped } from './staff-auth.ts';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser where a
// sign-in to an account succeeded gets a random token in the staff_device cookie (HttpOnly,
// SameSite=Strict, /admin, a year), kept as its SHA-256 against the account. Its attempts on that
// account are counted per device, not with the strangers' (server/sign-in-guard.ts). It signs no one
// in: a session still needs the password (and the code).

const DEVICE_COOKIE = 'staff_device';
/** Devices remembered per account: the newest, so a year of new browsers does not pile up. */
const DEVICES_KEPT = 20;

/** The SHA-256 of this browser's device token when it was given for `userId` less than a year ago; else null. */
export async function knownDevice(c: AppContext, userId: string | undefined): Promise<string | null> {
  const token = getCookie(c, DEVICE_COOKIE);
  if (!userId || !tokenShaped(token)) return null;
  const hash = tokenHash(token);
  const device = await withDatabaseDeadline(c.get('deps').sql, (db) => findDevice(db, hash));
  if (!device || device.userId !== userId || c.get('deps').now().getTime() - device.createdAt.getTime() >= DEVICE_MAX_MS) return null;
  return hash;
}

/** After a complete sign-in: a new device token for this browser and account (the one it brought is replaced). */
export async function rememberThisDevice(c: AppContext, userId: string): Promise<void> {
  const { sql, now, config } = c.get('deps');
  const brought = getCookie(c, DEVICE_COOKIE);
  const token = newToken();
  const at = now();
  await withDatabaseDeadline(sql, (db) =>
    rememberDevice(db, {
      tokenHash: tokenHash(token),
      userId,
      now: at,
      replacing: tokenShaped(brought) ? tokenHash(brought) : null,
      oldest: new Date(at.getTime() - DEVICE_MAX_MS),
      keep: DEVICES_KEPT,
    }),
  );
  setCookie(c, DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure: config.isProduction, path: '/admin', maxAge: DEVICE_MAX_MS / 1000 });
}
