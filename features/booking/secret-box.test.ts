import { describe, expect, test } from 'bun:test';
import { openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

const appSecret = 'test-app-secret-with-enough-length-0123456789';
const password = 'abcd-efgh-ijkl-mnop ünïcødé 🔑';

const refused = async (sealed: string, secret = appSecret) => {
  const error = await openSecret(sealed, secret).then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(SecretBoxError);
  return error as SecretBoxError;
};

/** The sealed text with one byte of its ciphertext (or IV) changed. */
function flipped(sealed: string, part: 1 | 2, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part], 'base64url');
  bytes[index] ^= 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  test('round trip, in the v1 format: 12-byte IV, ciphertext plus 16-byte tag', async () => {
    const sealed = await sealSecret(password, appSecret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    const [, iv, data] = sealed.split('.');
    expect(Buffer.from(iv, 'base64url').length).toBe(12);
    expect(Buffer.from(data, 'base64url').length).toBe(new TextEncoder().encode(password).length + 16);
    expect(sealed).not.toContain('abcd');
    expect(await openSecret(sealed, appSecret)).toBe(password);
    expect(await openSecret(await sealSecret('', appSecret), appSecret)).toBe('');
  });

  test('the same plain text sealed twice differs (a fresh IV each time), and both open', async () => {
    const one = await sealSecret(password, appSecret);
    const two = await sealSecret(password, appSecret);
    expect(one).not.toBe(two);
    expect(one.split('.')[1]).not.toBe(two.split('.')[1]);
    expect(await openSecret(two, appSecret)).toBe(password);
  });

  test('another key is refused, without the plain text in the message', async () => {
    const sealed = await sealSecret(password, appSecret);
    const error = await refused(sealed, `${appSecret}x`);
    expect(error.message).not.toContain('abcd');
    await refused(sealed, 'another');
  });

  test('a flipped byte anywhere in the ciphertext, the tag or the IV is refused', async () => {
    const sealed = await sealSecret(password, appSecret);
    const length = Buffer.from(sealed.split('.')[2], 'base64url').length;
    for (const index of [0, 5, length - 17, length - 16, length - 1]) await refused(flipped(sealed, 2, index));
    await refused(flipped(sealed, 1, 0));
    await refused(flipped(sealed, 1, 11));
  });

  test('truncated or malformed texts are refused', async () => {
    const sealed = await sealSecret(password, appSecret);
    const [version, iv, data] = sealed.split('.');
    for (const bad of [
      sealed.slice(0, -4),
      `${version}.${iv}.${data.slice(0, 10)}`,
      `${version}.${iv.slice(0, 8)}.${data}`,
      `${version}.${iv}`,
      `v2.${iv}.${data}`,
      `${version}.${iv}.${data}.x`,
      `${version}.${iv}.${data}==`,
      `${version}.${iv}.${data.slice(0, -1)}+`,
      `${version}..${data}`,
      '',
      'not sealed at all',
    ])
      await refused(bad);
  });

  test('sealing without an app secret is refused', async () => {
    await expect(sealSecret(password, '')).rejects.toBeInstanceOf(SecretBoxError);
  });
});
