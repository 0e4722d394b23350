import { Hono } from 'hono';
import {
  NewPasswordPage,
  type NewPasswordProps,
  ResetOutcomePage,
  type ResetOutcomeProps,
  ResetRequestPage,
  type ResetRequestProps,
} from '../../components/staff/PasswordResetPages.tsx';
import { findLiveReset, usePasswordReset } from '../../db/queries/password-resets.ts';
import { sendsEmail } from '../../lib/config.ts';
import { clientKey } from '../../lib/http/client-address.ts';
import { agency } from '../../lib/site.ts';
import { loadCommonPasswords, passwordProblem } from '../../lib/staff/accounts.ts';
import { againProblem, newPasswordSchema, RESET_PATH, resetRequestSchema } from '../../lib/staff/password-reset.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { clientAddress, overLimit, rateLimit } from '../../server/middleware/rate-limit.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { newToken, privateHeaders, tokenHash, tokenShaped } from '../../server/staff-auth.ts';

const meta = (title: string) => ({
  title: `${title} | ${agency.name}`,
  description: 'Set a new password for the back office.',
  path: RESET_PATH,
  noindex: true,
  chrome: 'staff' as const,
});

const requestPage = definePage<ResetRequestProps>({ meta: meta('Forgot your password?'), Component: ResetRequestPage });
const newPasswordPage = definePage<NewPasswordProps>({ meta: meta('Set a new password'), Component: NewPasswordPage });
const outcomePage = definePage<ResetOutcomeProps>({
  meta: (data) => meta(data.outcome === 'done' ? 'Password set' : 'Link no longer works'),
  Component: ResetOutcomePage,
});

/** Private, and the token in the address never sent to another site as a referrer (same-origin: no-referrer would make the form's Origin null, which formWrite refuses). */
function resetHeaders(c: AppContext): void {
  privateHeaders(c);
  c.header('Referrer-Policy', 'same-origin');
}

const mailOff = (c: AppContext) => !sendsEmail(c.get('deps').config);

/** A security event in the log: the address and the time, never the email or the token. */
function securityEvent(c: AppContext, msg: string, fields: Record<string, unknown> = {}) {
  c.get('deps').log.info(msg, { event: 'security', requestId: c.get('requestId'), address: clientKey(clientAddress(c)), ...fields });
}

/** A link that no longer works (used, run out, replaced, or never made): 410, the same page whichever. */
const deadLink = (c: AppContext) => renderPage(c, outcomePage, { outcome: 'dead' }, 410);

/** The token in the address, or null when it is not shaped like one (it then names no link). */
const tokenOf = (c: AppContext) => {
  const token = c.req.param('token');
  return tokenShaped(token) ? token : null;
};

const liveReset = async (c: AppContext, token: string) => {
  const { sql, now } = c.get('deps');
  return withDatabaseDeadline(sql, (db) => findLiveReset(db, tokenHash(token), now()));
};

const validRequest = validForm(resetRequestSchema, {
  invalid: (c, values, fields) => {
    resetHeaders(c);
    // What was typed, to correct in place: never a control character or half a character back into the page.
    const email =
      typeof values.email === 'string'
        ? values.email
            .slice(0, 254)
            .toWellFormed()
            .replace(/\p{Cc}/gu, '')
        : '';
    return renderPage(c, requestPage, { email, error: fields.email ?? Object.values(fields)[0], mailOff: mailOff(c) }, 400);
  },
});

const validNewPassword = validForm(newPasswordSchema, {
  // Only text no database can hold gets here (the schema takes any text): the form again, saying so.
  invalid: async (c, _values, fields) => {
    resetHeaders(c);
    const token = tokenOf(c);
    const reset = token ? await liveReset(c, token) : null;
    if (!token || !reset) return deadLink(c);
    return renderPage(c, newPasswordPage, { token, email: reset.email, errors: { password: Object.values(fields)[0] } }, 400);
  },
});

/**
 * /admin/password-reset: a staff member who forgot their password asks for a link by email, and the
 * link (/admin/password-reset/{token}) sets a new one. Anonymous forms, guarded as the sign-in form is:
 * same origin, one body type, capped (formWrite), and rate-limited per address and per email asked for.
 * The request's answer is one page whatever the address, and the email goes out after it
 * (features/staff/password-reset.ts), so neither its words nor its time tell who has an account.
 */
const passwordReset = new Hono<AppEnv>()
  .get('/', (c) => {
    resetHeaders(c);
    return renderPage(c, requestPage, { email: '', mailOff: mailOff(c) });
  })
  .post('/', formWrite(), validRequest, rateLimit('passwordResets'), async (c) => {
    resetHeaders(c);
    const { email } = c.req.valid('form');
    const flooded = await overLimit(c, 'passwordResetEmails', `email:${email}`);
    if (flooded) {
      securityEvent(c, 'staff password reset refused: too many for one email');
      return flooded;
    }
    const token = newToken();
    c.get('deps').passwordResets.ask({ email, token, tokenHash: tokenHash(token), requestId: c.get('requestId') });
    securityEvent(c, 'staff password reset asked');
    return renderPage(c, requestPage, { email: '', sent: true });
  })
  .get('/:token', async (c) => {
    resetHeaders(c);
    // Opening the link uses nothing: a mail scanner that follows it leaves it working for the person.
    const token = tokenOf(c);
    const reset = token ? await liveReset(c, token) : null;
    if (!token || !reset) return deadLink(c);
    return renderPage(c, newPasswordPage, { token, email: reset.email });
  })
  .post('/:token', formWrite(), validNewPassword, rateLimit('forms'), async (c) => {
    resetHeaders(c);
    const token = tokenOf(c);
    const reset = token ? await liveReset(c, token) : null;
    if (!token || !reset) return deadLink(c);

    const { password, again } = c.req.valid('form');
    const problem = passwordProblem(password, { email: reset.email, common: await loadCommonPasswords() });
    const errors = problem ? { password: problem } : { again: againProblem(password, again) ?? undefined };
    if (errors.password || errors.again) return renderPage(c, newPasswordPage, { token, email: reset.email, errors }, 400);

    const passwordHash = await Bun.password.hash(password, { algorithm: 'argon2id' });
    const { sql, now } = c.get('deps');
    // Marked used in the same transaction as the password is set: of two tabs posting at once, one sets it.
    const used = await withDatabaseDeadline(sql, (db) => usePasswordReset(db, { tokenHash: tokenHash(token), passwordHash, now: now() }));
    if (!used) return deadLink(c);
    securityEvent(c, 'staff password reset by email: every session ended', { staffId: used.userId, sessions: used.sessionsEnded });
    return renderPage(c, outcomePage, { outcome: 'done' });
  });

export default passwordReset;
