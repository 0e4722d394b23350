import { describe, expect, test } from 'bun:test';
import { jsonForScript } from './safe-json.ts';

describe('jsonForScript', () => {
  test('escapes characters that could close a script element', () => {
    const data = { title: '</script><script>alert(1)</script>', amp: 'a & b', sep: 'x\u2028y' };
    const out = jsonForScript(data);
    expect(out).not.toContain('<');
    expect(out).not.toContain('>');
    expect(out).not.toContain('&');
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual(data);
  });
});
