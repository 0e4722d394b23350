// The headers every response carries (DESIGN.md §5), as one list: the middleware sets them on
// responses Hono builds, and cached pages are stored with them already in place.

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Scripts load only from this origin: the site has no inline scripts.
  "script-src 'self'",
  // React writes style attributes (progress bars) and the stylesheet is inlined; no inline script is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function securityHeaders(production: boolean): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['X-Frame-Options', 'DENY'],
    // Turns off the old browsers' XSS auditor, which could itself be abused.
    ['X-XSS-Protection', '0'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
  ];
}

/** The header whose presence shows a response already carries the list. */
export const SECURITY_MARKER = 'content-security-policy';
