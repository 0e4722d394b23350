// Calendar passwords kept at rest: AES-256-GCM under a key derived from APP_SECRET by HKDF-SHA-256 with a
// label of its own (so the key is used for nothing else), a random 12-byte IV per message, written as
// "v1." + base64url(iv) + "." + base64url(ciphertext and tag). WebCrypto only. It lives in features/, not
// lib/: the IV is randomness of its own, which lib/ may not have (lib-no-effects).

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = new TextEncoder().encode('northline-secret-box');
const HKDF_INFO = new TextEncoder().encode('northline/booking/calendar-password/v1');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

async function keyFrom(appSecret: string): Promise<CryptoKey> {
  if (!appSecret) throw new SecretBoxError('No app secret to seal with');
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(appSecret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: HKDF_SALT, info: HKDF_INFO }, material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The bytes of a canonical base64url text (Buffer alone skips what is not base64 instead of refusing it). */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text)) throw new SecretBoxError('Sealed secret is not base64url');
  const bytes = Uint8Array.from(Buffer.from(text, 'base64url'));
  if (toBase64url(bytes) !== text) throw new SecretBoxError('Sealed secret is not canonical base64url');
  return bytes;
}

export async function sealSecret(plain: string, appSecret: string): Promise<string> {
  const key = await keyFrom(appSecret);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)));
  return `${VERSION}.${toBase64url(iv)}.${toBase64url(sealed)}`;
}

/** The plain text; SecretBoxError for a bad format, another key, or any change to the sealed text. */
export async function openSecret(sealed: string, appSecret: string): Promise<string> {
  const parts = sealed.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) throw new SecretBoxError('Sealed secret is not in the v1 format');
  const iv = fromBase64url(parts[1]);
  const data = fromBase64url(parts[2]);
  if (iv.length !== IV_BYTES || data.length < TAG_BYTES) throw new SecretBoxError('Sealed secret is too short');
  const key = await keyFrom(appSecret);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
  } catch {
    throw new SecretBoxError('Sealed secret does not open with this key (another APP_SECRET, or it was changed)');
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}
