import { STAFF_PASSWORD_MIN } from '../../lib/staff/accounts.ts';
import { RESET_DONE, RESET_LINK_DEAD, RESET_PATH, RESET_SENT, resetLinkPath } from '../../lib/staff/password-reset.ts';
import { Field, inputClass } from '../ui/form.tsx';
import { buttonClass, cautionToneClass } from '../ui/styles.ts';
import { SignInCard } from './LoginForm.tsx';

// The password reset pages (routes/admin/password-reset.tsx): asking for a link, choosing the new
// password, and what happened. Plain forms in the sign-in card: they work without JavaScript.

const linkClass = 'font-medium text-blue-800 underline hover:no-underline';

function BackToSignIn({ label = 'Back to sign-in' }: { label?: string }) {
  return (
    <p className="mt-4 text-sm">
      <a href="/admin/login" className={linkClass}>
        {label}
      </a>
    </p>
  );
}

export type ResetRequestProps = {
  email: string;
  /** The request was taken: the one answer, whether or not the address has an account. */
  sent?: boolean;
  error?: string;
  /** No SMTP_URL: no email can go out, and the page says who can set a password instead. */
  mailOff?: boolean;
};

/** GET and POST /admin/password-reset: the work email to send a link to. */
export function ResetRequestPage({ email, sent, error, mailOff }: ResetRequestProps) {
  if (sent) {
    return (
      <SignInCard heading="Check your email" intro="Open the email on this device or any other." status={RESET_SENT}>
        <BackToSignIn />
      </SignInCard>
    );
  }
  return (
    <SignInCard heading="Forgot your password?" intro="Enter your work email and we will send you a link to set a new password.">
      {mailOff ? (
        <p className={`mt-4 px-3 py-2 ${cautionToneClass}`}>
          This site cannot send email yet. Ask whoever runs it to set a new password for you with <code>bun run staff:add</code>.
        </p>
      ) : null}
      <form method="post" action={RESET_PATH} className="mt-6 space-y-4">
        <Field id="reset-email" label="Work email" required error={error}>
          <input
            id="reset-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reset-email-error' : undefined}
            className={inputClass}
          />
        </Field>
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          Send me a link
        </button>
      </form>
      <BackToSignIn />
    </SignInCard>
  );
}

export type NewPasswordProps = { token: string; email: string; errors?: { password?: string; again?: string } };

function PasswordInput({ id, name, error, hint }: { id: string; name: string; error?: string; hint?: string }) {
  return (
    <input
      id={id}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      className={inputClass}
    />
  );
}

/** GET and POST /admin/password-reset/{token}: the new password, twice. */
export function NewPasswordPage({ token, email, errors = {} }: NewPasswordProps) {
  const hint = `At least ${STAFF_PASSWORD_MIN} characters, not one of the common passwords attackers try first: three or four unrelated words work well.`;
  return (
    <SignInCard heading="Set a new password" intro={`For ${email}. Setting it signs your account out on every browser and device.`}>
      <form method="post" action={resetLinkPath(token)} className="mt-6 space-y-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field id="reset-password" label="New password" required error={errors.password} hint={hint}>
          <PasswordInput id="reset-password" name="password" error={errors.password} hint={hint} />
        </Field>
        <Field id="reset-again" label="New password again" required error={errors.again}>
          <PasswordInput id="reset-again" name="again" error={errors.again} />
        </Field>
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          Set password
        </button>
      </form>
    </SignInCard>
  );
}

export type ResetOutcomeProps = { outcome: 'done' | 'dead' };

/** What a link came to: the password set, or a link that no longer works. */
export function ResetOutcomePage({ outcome }: ResetOutcomeProps) {
  if (outcome === 'done') {
    return (
      <SignInCard heading="Password set" intro="Every browser and device that was signed in to your account is signed out." status={RESET_DONE}>
        <p className="mt-6">
          <a href="/admin/login" className={`${buttonClass.primary} w-full`}>
            Sign in
          </a>
        </p>
      </SignInCard>
    );
  }
  return (
    <SignInCard heading="This link no longer works" intro="A link works once, for 30 minutes, and only the newest one you asked for." error={RESET_LINK_DEAD}>
      <p className="mt-6">
        <a href={RESET_PATH} className={`${buttonClass.primary} w-full`}>
          Send me a new link
        </a>
      </p>
      <BackToSignIn />
    </SignInCard>
  );
}
