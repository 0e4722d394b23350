import { agency } from '../../lib/site.ts';
import { Field, inputClass } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';
import { SignInCard } from './LoginForm.tsx';

export type LoginCodeFormProps = { next: string; error?: string };

/** The second step of a two-factor sign-in: the app's code, or a recovery code. A plain form. */
export function LoginCodeForm({ next, error }: LoginCodeFormProps) {
  return (
    <SignInCard heading="Two-step sign-in" intro={`Your password is right. Now enter the 6-digit code your authenticator app shows for ${agency.name}.`}>
      <form method="post" action="/admin/login/code" className="mt-6 space-y-4">
        <input type="hidden" name="next" value={next} />
        <Field id="login-code" label="Code" required error={error} hint="Lost your phone? Enter one of your recovery codes instead.">
          <input
            id="login-code"
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-code-error' : 'login-code-hint'}
            className={inputClass}
          />
        </Field>
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          Continue
        </button>
      </form>
      <p className="mt-4 text-sm">
        <a href="/admin/login" className="font-medium text-blue-800 hover:underline">
          Start again
        </a>
      </p>
    </SignInCard>
  );
}
