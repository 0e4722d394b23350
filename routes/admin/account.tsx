import { Hono } from 'hono';
import { type AccountField, AccountPage, type AccountPageProps } from '../../components/staff/AccountPage.tsx';
import { changeStaffPassword } from '../../db/queries/staff.ts';
import { findStaffLogin } from '../../db/queries/staff-sessions.ts';
import { cancelEnrolment, confirmEnrolment, recoveryCodesLeft, startEnrolment, turnOffTwoFactor, twoFactorOf } from '../../db/queries/two-factor.ts';
import { loadCommonPasswords, passwordProblem, STAFF_PASSWORD_MAX } from '../../lib/staff/accounts.ts';
import { enrolmentCodeSchema, passwordChangeSchema, passwordConfirmSchema } from '../../lib/staff/schema.ts';
import { groupedSecret, matchingStep, otpauthUri } from '../../lib/staff/totp.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { guardedCheck } from '../../server/sign-in-guard.ts';
import { requireStaff, signedInStaff, signIn, signOutEverywhere, signOutOtherSessions } from '../../server/staff-auth.ts';
import { knownDevice, rememberThisDevice } from '../../server/staff-device.ts';
import { newRecoveryCodes, newTotpSecret, qrCodeOf } from '../../server/two-factor.ts';
import { staffMeta } from './_staff-pages.tsx';
import { LOGIN_BUSY, LOGIN_SLOWED, LOGIN_THROTTLED } from './login.tsx';

const accountPage = definePage<AccountPageProps>({ meta: staffMeta('Your account', '/admin/account'), Component: AccountPage });

/** What each form did, shown after its 303 (only these words: the query names one, it cannot say anything). */
const NOTICES = {
  password: 'Your password is changed. Every other browser and device signed in to your account has been signed out.',
  'two-factor-off': 'Two-factor sign-in is off. You sign in with your password alone.',
  'enrolment-cancelled': 'Two-factor sign-in was not turned on.',
} as const;

export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';
export const CODE_WRONG = 'That code is not right. Enter the 6-digit code your app shows now (it changes every 30 seconds).';

type Extra = Pick<AccountPageProps, 'notice' | 'errors' | 'recoveryCodes'>;

/** The account page as it stands for the signed-in staff member, with `extra` (a notice, errors, codes shown once). */
async function showAccount(c: AppContext, extra: Extra = {}, status: 200 | 400 | 409 | 429 = 200): Promise<Response> {
  const staff = signedInStaff(c);
  const { sql } = c.get('deps');
  const stored = await withDatabaseDeadline(sql, (db) => twoFactorOf(db, staff.id));
  let twoFactor: AccountPageProps['twoFactor'] = { state: 'off' };
  if (stored?.confirmedAt) twoFactor = { state: 'on', recoveryCodesLeft: await withDatabaseDeadline(sql, (db) => recoveryCodesLeft(db, staff.id)) };
  else if (stored) twoFactor = { state: 'enrolling', secret: groupedSecret(stored.secret), qr: await qrCodeOf(otpauthUri(stored.secret, staff.email)) };
  return renderPage(c, accountPage, { staff, twoFactor, ...extra }, status);
}

/** An account form as sent (lib/staff/schema.ts); what it refuses (text no database can hold) is shown under its field. */
const validAccountForm = <S extends Parameters<typeof validForm>[0]>(schema: S, shownAs: Record<string, AccountField> = {}) =>
  validForm(schema, {
    invalid: (c, _values, fields) =>
      showAccount(c, { errors: Object.fromEntries(Object.entries(fields).map(([name, message]) => [shownAs[name] ?? name, message])) }, 400),
  });

/**
 * Checks the signed-in staff member's password, through the same limits and gate as signing in (a
 * stolen session cannot be used to guess it). The account's stored login when right; else the words
 * for the form's field, and the status.
 */
async function checkOwnPassword(
  c: AppContext,
  password: string,
): Promise<{ account: { id: string; passwordHash: string } } | { error: string; status: 400 | 429 }> {
  const staff = signedInStaff(c);
  const account = await withDatabaseDeadline(c.get('deps').sql, (db) => findStaffLogin(db, staff.email));
  if (!account || !password) return { error: CURRENT_PASSWORD_WRONG, status: 400 };
  const guarded = await guardedCheck(
    c,
    { email: staff.email, device: await knownDevice(c, staff.id) },
    async () => password.length <= STAFF_PASSWORD_MAX * 4 && (await Bun.password.verify(password, account.passwordHash)),
    (valid) => valid,
  );
  const { log } = c.get('deps');
  if (guarded.outcome === 'busy') {
    c.header('Retry-After', '1');
    return { error: LOGIN_BUSY, status: 429 };
  }
  if (guarded.outcome === 'throttled') {
    c.header('Retry-After', String(guarded.retryAfterSeconds));
    return { error: guarded.why === 'address' ? LOGIN_THROTTLED : LOGIN_SLOWED, status: 429 };
  }
  if (!guarded.result) {
    log.warn('staff password check failed on the account page', { event: 'security', requestId: c.get('requestId'), staffId: staff.id });
    return { error: CURRENT_PASSWORD_WRONG, status: 400 };
  }
  return { account };
}

const securityLine = (c: AppContext, msg: string, fields: Record<string, unknown> = {}) =>
  c.get('deps').log.info(msg, { event: 'security', requestId: c.get('requestId'), staffId: signedInStaff(c).id, ...fields });

/**
 * /admin/account: the signed-in staff member's password, two-factor sign-in and sessions. Every form is
 * a plain POST with the CSRF token (requireStaff), guarded by formWrite() first; each answers 303 to
 * the page with what it did, or the page with the error beside its field (400), except turning
 * two-factor on, whose answer is the only place its recovery codes are ever shown.
 */
const account = new Hono<AppEnv>()
  .get('/', requireStaff('page'), async (c) => {
    const done = c.req.query('done');
    return showAccount(c, { notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done as keyof typeof NOTICES] : undefined });
  })
  .post('/password', formWrite(), requireStaff('page'), validAccountForm(passwordChangeSchema), async (c) => {
    const staff = signedInStaff(c);
    const { current, password, again } = c.req.valid('form');
    const errors: NonNullable<Extra['errors']> = {};
    if (!current) errors.current = 'Enter your current password.';
    const problem = passwordProblem(password, { email: staff.email, common: await loadCommonPasswords() });
    if (problem) errors.password = problem;
    else if (password === current) errors.password = 'Choose a new password, not the one you have now.';
    if (!errors.password && again !== password) errors.again = 'The two new passwords differ. Type the same new password twice.';
    if (Object.keys(errors).length > 0) return showAccount(c, { errors }, 400);

    const checked = await checkOwnPassword(c, current);
    if ('error' in checked) return showAccount(c, { errors: { current: checked.error } }, checked.status);
    const newHash = await Bun.password.hash(password, { algorithm: 'argon2id' });
    const { sql } = c.get('deps');
    if (!(await withDatabaseDeadline(sql, (db) => changeStaffPassword(db, staff.id, checked.account.passwordHash, newHash)))) {
      return showAccount(c, { errors: { current: 'Your password was changed somewhere else just now. Sign in again with the new one.' } }, 409);
    }
    securityLine(c, 'staff password changed: every session ended');
    // Every session and device of the account has ended; this browser, which just proved the password, starts again.
    await signIn(c, staff.id, newHash);
    await rememberThisDevice(c, staff.id);
    return c.redirect('/admin/account?done=password', 303);
  })
  .post('/sign-out-everywhere', formWrite(), requireStaff('page'), async (c) => {
    const ended = await signOutEverywhere(c, signedInStaff(c).id);
    c.get('deps').log.info('staff signed out everywhere', { event: 'security', requestId: c.get('requestId'), staffId: signedInStaff(c).id, sessions: ended });
    return c.redirect('/admin/login?signedOut=everywhere', 303);
  })
  .post('/two-factor/start', formWrite(), requireStaff('page'), async (c) => {
    const { sql, now } = c.get('deps');
    if (!(await withDatabaseDeadline(sql, (db) => startEnrolment(db, signedInStaff(c).id, newTotpSecret(), now())))) {
      return showAccount(c, { notice: 'Two-factor sign-in is already on.' }, 409);
    }
    return c.redirect('/admin/account#two-factor', 303);
  })
  .post('/two-factor/confirm', formWrite(), requireStaff('page'), validAccountForm(enrolmentCodeSchema), async (c) => {
    const staff = signedInStaff(c);
    const { sql, now } = c.get('deps');
    const { code } = c.req.valid('form');
    const stored = await withDatabaseDeadline(sql, (db) => twoFactorOf(db, staff.id));
    if (!stored || stored.confirmedAt) return c.redirect('/admin/account#two-factor', 303);
    const at = now();
    const step = matchingStep(stored.secret, code, at.getTime());
    if (step === null) return showAccount(c, { errors: { code: code ? CODE_WRONG : 'Enter the 6-digit code your app shows.' } }, 400);
    const { codes, hashes } = newRecoveryCodes();
    if (!(await withDatabaseDeadline(sql, (db) => confirmEnrolment(db, staff.id, stored.secret, step, hashes, at)))) {
      return showAccount(c, { errors: { code: 'Set-up was started again or cancelled in another tab. Use the QR code shown here now.' } }, 409);
    }
    const ended = await signOutOtherSessions(c, staff.id);
    securityLine(c, 'staff two-factor sign-in turned on', { otherSessionsEnded: ended });
    // The page shows the account as it is now: on, with an owner's powers where the role has them.
    c.set('staff', { ...staff, twoFactor: true });
    return showAccount(c, {
      notice:
        'Two-factor sign-in is on. From now on, signing in asks for a code from your app. Any other browser signed in to your account has been signed out.',
      recoveryCodes: codes,
    });
  })
  .post('/two-factor/cancel', formWrite(), requireStaff('page'), async (c) => {
    await withDatabaseDeadline(c.get('deps').sql, (db) => cancelEnrolment(db, signedInStaff(c).id));
    return c.redirect('/admin/account?done=enrolment-cancelled#two-factor', 303);
  })
  .post('/two-factor/off', formWrite(), requireStaff('page'), validAccountForm(passwordConfirmSchema, { password: 'offPassword' }), async (c) => {
    const checked = await checkOwnPassword(c, c.req.valid('form').password);
    if ('error' in checked) return showAccount(c, { errors: { offPassword: checked.error } }, checked.status);
    await withDatabaseDeadline(c.get('deps').sql, (db) => turnOffTwoFactor(db, signedInStaff(c).id));
    securityLine(c, 'staff two-factor sign-in turned off');
    return c.redirect('/admin/account?done=two-factor-off', 303);
  });

export default account;
