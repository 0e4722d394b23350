import { describe, expect, test } from 'bun:test';
import { TOTP } from 'otpauth';
import { groupedSecret, isTotpShaped, matchingStep, normalRecoveryCode, otpauthUri, recoveryCodeOf, TOTP_PERIOD_S, totpCodeAt, totpSecretOf } from './totp.ts';

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + seed) % 256);
const secret = totpSecretOf(bytes(20, 11));
const now = Date.UTC(2026, 10, 23, 15, 0, 10);
const step = Math.floor(now / 1000 / TOTP_PERIOD_S);

describe('TOTP as authenticator apps read it', () => {
  test('RFC 6238 test vector (SHA-1): 94287082 at 59 s, whose last 6 digits an app shows', () => {
    const rfcSecret = totpSecretOf(new TextEncoder().encode('12345678901234567890'));
    expect(totpCodeAt(rfcSecret, 59_000)).toBe('287082');
    expect(totpCodeAt(rfcSecret, 1_111_111_109_000)).toBe('081804');
  });

  test('a 160-bit secret in base32, shown in groups of four, and the otpauth:// address the QR code holds', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupedSecret(secret).split(' ')).toHaveLength(8);
    const uri = otpauthUri(secret, 'maya@northlinedigital.ca');
    expect(uri).toStartWith('otpauth://totp/Northline%20Digital:maya%40northlinedigital.ca?');
    const parsed = new URL(uri);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({ issuer: 'Northline Digital', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });

  test('the code of now, of one step before or after, is right and names its step; two steps off is not', () => {
    const app = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(matchingStep(secret, app.generate({ timestamp: now }), now)).toBe(step);
    expect(matchingStep(secret, app.generate({ timestamp: now - 30_000 }), now)).toBe(step - 1);
    expect(matchingStep(secret, app.generate({ timestamp: now + 30_000 }), now)).toBe(step + 1);
    expect(matchingStep(secret, app.generate({ timestamp: now - 60_000 }), now)).toBeNull();
    // As apps show it and people type it.
    const code = app.generate({ timestamp: now });
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchingStep(secret, ` ${code}\n`, now)).toBe(step);
  });

  test('anything not six digits is no code', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345a', '١٢٣٤٥٦']) {
      expect(isTotpShaped(bad), bad).toBe(false);
      expect(matchingStep(secret, bad, now), bad).toBeNull();
    }
  });
});

describe('recovery codes', () => {
  test('16 base32 characters (80 bits) in groups of four, typed in any case with or without dashes', () => {
    const code = recoveryCodeOf(bytes(10, 3));
    expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(normalRecoveryCode(code.toUpperCase().replaceAll('-', ' '))).toBe(code.replaceAll('-', ''));
    expect(recoveryCodeOf(bytes(10, 4))).not.toBe(code);
  });
});
