import { describe, expect, test } from 'bun:test';
import { VISITOR_KEY_LENGTH, visitorKey } from './visitor-key.ts';

// A stand-in for SHA-256 (lib/ has no crypto of its own; features/analytics/ passes the real one): FNV-1a
// over the text, run with four seeds, as hex. Enough to show what the key is made of.
function fnvDigest(text: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x12345678, 0x9e3779b9]) {
    let hash = seed;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const MONDAY_SALT = 'k3P9x2Vd7QmZr8Lw1Nc5Ty0Hs4Jb6Gf';
const TUESDAY_SALT = 'Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc';

describe('visitorKey', () => {
  test('the same address and browser on one day: one key', () => {
    expect(visitorKey(MONDAY_SALT, '203.0.113.7', CHROME, fnvDigest)).toBe(visitorKey(MONDAY_SALT, '203.0.113.7', CHROME, fnvDigest));
  });

  test('the next day (a new salt): another key, so nobody is followed across days', () => {
    expect(visitorKey(TUESDAY_SALT, '203.0.113.7', CHROME, fnvDigest)).not.toBe(visitorKey(MONDAY_SALT, '203.0.113.7', CHROME, fnvDigest));
  });

  test('another address or another browser on the same day: another visitor', () => {
    const key = visitorKey(MONDAY_SALT, '203.0.113.7', CHROME, fnvDigest);
    expect(visitorKey(MONDAY_SALT, '203.0.113.8', CHROME, fnvDigest)).not.toBe(key);
    expect(visitorKey(MONDAY_SALT, '203.0.113.7', `${CHROME} Edg/131.0`, fnvDigest)).not.toBe(key);
  });

  test('the key holds neither the address nor the agent, and has a fixed length', () => {
    const key = visitorKey(MONDAY_SALT, '203.0.113.7', CHROME, fnvDigest);
    expect(key).toHaveLength(VISITOR_KEY_LENGTH);
    expect(key).not.toContain('203.0.113');
  });

  test('the parts cannot run into each other', () => {
    const seen: string[] = [];
    visitorKey('salt', '1.2.3.4', 'agent', (text) => {
      seen.push(text);
      return text;
    });
    expect(seen).toEqual(['salt\n1.2.3.4\nagent']);
  });
});
