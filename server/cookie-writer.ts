import { type CookieOptions, serialize } from 'hono/utils/cookie';

/**
 * hono's serialize(name, value, options), for a cookie set on many requests: what follows the value
 * (Max-Age, Path, HttpOnly …) depends only on the options, so it is built once.
 */
export type CookieWriter = {
  /** The Set-Cookie value for `value`: serialize's, percent-encoding the value as it does (encodeURIComponent). */
  write(value: string): string;
  /**
   * The same for a value encoded already: encodeURIComponent works character by character, so a value
   * whose parts repeat can be encoded part by part, once each, and the parts joined here.
   */
  writeEncoded(encodedValue: string): string;
};

export function cookieWriter(name: string, options: CookieOptions): CookieWriter {
  const attributes = serialize(name, '', options).slice(name.length + 1);
  return {
    write: (value) => `${name}=${encodeURIComponent(value)}${attributes}`,
    writeEncoded: (encodedValue) => `${name}=${encodedValue}${attributes}`,
  };
}
