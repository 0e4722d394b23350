import { Secret, TOTP } from 'otpauth';
import { agency } from '../site.ts';

// Two-factor sign-in, pure: TOTP (RFC 6238) as every authenticator app reads it, and recovery codes.
// Random bytes come from the caller (server/two-factor.ts), so this file needs no I/O.

/** What every authenticator app supports: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
const SETTINGS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S } as const;

/** A 160-bit secret (RFC 4226's recommended length) as the base32 text apps take. */
export const TOTP_SECRET_BYTES = 20;
/** Recovery codes: 10 of them, 80 random bits each, so their SHA-256 alone keeps them safe at rest. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_BYTES = 10;

const totpOf = (secret: string, email = '') => new TOTP({ issuer: agency.name, label: email, secret: Secret.fromBase32(secret), ...SETTINGS });

/** The base32 secret made of `bytes`. */
export const totpSecretOf = (bytes: Uint8Array) => new Secret({ buffer: bytes.slice().buffer }).base32;

/** The secret in groups of four, as a person types it into an app. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth:// address the QR code holds: the issuer and the staff member's email name the entry in the app. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The code an app shows at `nowMs` (for tests and the enrolment check). */
export const totpCodeAt = (secret: string, nowMs: number) => totpOf(secret).generate({ timestamp: nowMs });

/** A code as typed: spaces and dashes dropped (apps show `123 456`). */
const typed = (code: string) => code.replace(/[\s-]/g, '');

/** Whether the text is shaped like an app's code (six digits) rather than a recovery code. */
export const isTotpShaped = (code: string) => /^\d{6}$/.test(typed(code));

/**
 * The time step of `code` when it is right at `nowMs`, allowing one step either side for a phone's clock
 * and the time it takes to type; null when it is wrong. The caller accepts a step only once and never
 * one older than the last it accepted (db/queries/two-factor.ts), so a code cannot be used twice.
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const token = typed(code);
  if (!isTotpShaped(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

/** A recovery code made of `bytes`: 16 lower-case base32 characters in groups of four (`abcd-efgh-…`). */
export function recoveryCodeOf(bytes: Uint8Array): string {
  const text = totpSecretOf(bytes).toLowerCase().slice(0, 16);
  return text.match(/.{4}/g)?.join('-') ?? text;
}

/** A recovery code as typed, in the one form that is hashed: lower-case, no spaces or dashes. */
export const normalRecoveryCode = (code: string) => typed(code).toLowerCase();
