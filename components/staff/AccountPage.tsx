import type { ReactNode } from 'react';
import { STAFF_PASSWORD_MIN } from '../../lib/staff/accounts.ts';
import { roleLabel, roleSummary } from '../../lib/staff/roles.ts';
import { Field, inputClass } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';
import { CsrfField, type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type AccountField = 'current' | 'password' | 'again' | 'code' | 'offPassword';

export type TwoFactorState =
  | { state: 'off' }
  | { state: 'enrolling'; secret: string; qr: { size: number; path: string } }
  | { state: 'on'; recoveryCodesLeft: number };

export type AccountPageProps = StaffPageProps & {
  twoFactor: TwoFactorState;
  /** What the last form did (after its 303). */
  notice?: string;
  errors?: Partial<Record<AccountField, string>>;
  /** Shown once, right after two-factor sign-in is turned on; never stored in a form a browser could keep. */
  recoveryCodes?: string[];
};

const card = 'rounded-xl border border-slate-200 bg-white p-5 sm:p-6';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A password input tied to its label, error and hint. */
function PasswordInput({ id, name, autoComplete, error, hint }: { id: string; name: string; autoComplete: string; error?: string; hint?: string }) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <input
      id={id}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      className={inputClass}
    />
  );
}

/** The QR code an authenticator app scans: one SVG path drawn on the server, with a quiet zone. */
function QrCode({ size, path }: { size: number; path: string }) {
  const quiet = 4;
  const full = size + quiet * 2;
  return (
    <svg
      viewBox={`0 0 ${full} ${full}`}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      className="h-48 w-48 rounded-lg border border-slate-200"
      shapeRendering="crispEdges"
    >
      <rect width={full} height={full} fill="#ffffff" />
      <path d={path} transform={`translate(${quiet} ${quiet})`} fill="#0f172a" />
    </svg>
  );
}

/** The staff member's own account: their password, two-factor sign-in, and signing out everywhere. Plain forms. */
export function AccountPage({ staff, twoFactor, notice, errors = {}, recoveryCodes }: AccountPageProps) {
  return (
    <StaffShell staff={staff} current="/admin/account">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your account</h1>
      <p className="mt-1 text-slate-700">
        Signed in as <strong className="font-semibold">{staff.email}</strong>
      </p>
      <p className="mt-2 max-w-2xl text-sm text-slate-700" data-role={staff.role}>
        Role: <strong className="font-semibold">{roleLabel[staff.role]}</strong>. {roleSummary[staff.role]}
      </p>
      {notice ? (
        <p role="status" className="mt-4 max-w-2xl rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}

      <div className="mt-6 grid max-w-2xl gap-6">
        {recoveryCodes ? (
          <section aria-labelledby="recovery-title" className="rounded-xl border-2 border-amber-300 bg-amber-50 p-5 sm:p-6">
            <h2 id="recovery-title" className="text-lg font-semibold text-slate-900">
              Save your recovery codes now
            </h2>
            <p className="mt-1 text-sm text-slate-800">
              If you lose your phone, each of these codes signs you in once instead of the app's code. They are shown only this once: print them or keep them in
              your password manager, somewhere other than your phone.
            </p>
            <ol data-recovery-codes className="mt-4 grid grid-cols-1 gap-2 font-mono text-base text-slate-900 sm:grid-cols-2">
              {recoveryCodes.map((code) => (
                <li key={code} className="rounded-md bg-white px-3 py-2">
                  {code}
                </li>
              ))}
            </ol>
            <a href="/admin/account" className={`${buttonClass.primary} mt-4`}>
              I have saved them
            </a>
          </section>
        ) : null}

        <Section id="password" title="Password">
          <p className="mt-1 text-sm text-slate-600">
            Changing it signs you out of every other browser and device. At least {STAFF_PASSWORD_MIN} characters, not one of the common passwords attackers try
            first: three or four unrelated words work well.
          </p>
          <form method="post" action="/admin/account/password" className="mt-4 space-y-4">
            <CsrfField token={staff.csrfToken} />
            {/* Lets password managers file the new password under the right account. */}
            <input type="text" name="username" value={staff.email} autoComplete="username" readOnly hidden />
            <Field id="account-current" label="Current password" required error={errors.current}>
              <PasswordInput id="account-current" name="current" autoComplete="current-password" error={errors.current} />
            </Field>
            <Field id="account-password" label="New password" required error={errors.password}>
              <PasswordInput id="account-password" name="password" autoComplete="new-password" error={errors.password} />
            </Field>
            <Field id="account-again" label="New password again" required error={errors.again}>
              <PasswordInput id="account-again" name="again" autoComplete="new-password" error={errors.again} />
            </Field>
            <button type="submit" className={buttonClass.primary}>
              Change password
            </button>
          </form>
        </Section>

        <Section id="two-factor" title="Two-factor sign-in">
          {twoFactor.state === 'on' ? (
            <>
              <p className="mt-1 text-sm text-slate-700">
                <strong className="font-semibold text-green-800">On.</strong>{' '}
                {`Signing in asks for the code your authenticator app shows after your password. Recovery codes left: ${twoFactor.recoveryCodesLeft} of 10.`}
              </p>
              <form method="post" action="/admin/account/two-factor/off" className="mt-4 space-y-4">
                <CsrfField token={staff.csrfToken} />
                <Field id="account-off-password" label="Your password, to turn it off" required error={errors.offPassword}>
                  <PasswordInput id="account-off-password" name="password" autoComplete="current-password" error={errors.offPassword} />
                </Field>
                <button type="submit" className={buttonClass.secondary}>
                  Turn off two-factor sign-in
                </button>
              </form>
            </>
          ) : twoFactor.state === 'enrolling' ? (
            <>
              <ol className="mt-2 list-inside list-decimal space-y-1 text-sm text-slate-700">
                <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
                <li>Add an account and scan this QR code, or type the key below.</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
                <QrCode size={twoFactor.qr.size} path={twoFactor.qr.path} />
                <div className="min-w-0 text-sm text-slate-700">
                  <p>Can't scan it? Type this key (time-based, 6 digits):</p>
                  <p data-totp-secret className="mt-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-base text-slate-900">
                    {twoFactor.secret}
                  </p>
                </div>
              </div>
              <form method="post" action="/admin/account/two-factor/confirm" className="mt-4 space-y-4">
                <CsrfField token={staff.csrfToken} />
                <Field id="account-code" label="Code from your app" required error={errors.code}>
                  <input
                    id="account-code"
                    name="code"
                    type="text"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9 ]*"
                    maxLength={7}
                    required
                    aria-invalid={errors.code ? true : undefined}
                    aria-describedby={errors.code ? 'account-code-error' : undefined}
                    className={`${inputClass} max-w-[12rem]`}
                  />
                </Field>
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className={buttonClass.primary}>
                    Turn on
                  </button>
                  <button type="submit" formAction="/admin/account/two-factor/cancel" formNoValidate className={buttonClass.secondary}>
                    Cancel
                  </button>
                </div>
              </form>
            </>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-700">
                <strong className="font-semibold">Off.</strong> With it on, signing in needs your password and a code from an authenticator app on your phone,
                so a stolen or guessed password alone does not open the back office.
              </p>
              {staff.role === 'owner' ? (
                <p className="mt-2 text-sm font-medium text-amber-900" data-owner-needs-two-factor>
                  As an owner, you need it on to erase, publish and run experiments. Until then you can work leads, people and bookings as staff do.
                </p>
              ) : null}
              <form method="post" action="/admin/account/two-factor/start" className="mt-4">
                <CsrfField token={staff.csrfToken} />
                <button type="submit" className={buttonClass.primary}>
                  Set up two-factor sign-in
                </button>
              </form>
            </>
          )}
        </Section>

        <Section id="everywhere" title="Sign out everywhere">
          <p className="mt-1 text-sm text-slate-600">
            Ends every session of your account, on every browser and device, this one too. Use it if you signed in on a computer that is not yours or lost a
            device.
          </p>
          <form method="post" action="/admin/account/sign-out-everywhere" className="mt-4">
            <CsrfField token={staff.csrfToken} />
            <button type="submit" className={buttonClass.secondary}>
              Sign out everywhere
            </button>
          </form>
        </Section>
      </div>
    </StaffShell>
  );
}
