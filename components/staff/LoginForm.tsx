import type { ReactNode } from 'react';
import { Logo } from '../Logo.tsx';
import { Field, inputClass } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';

export type LoginFormProps = { next: string; email: string; error?: string; signedOut?: '1' | 'everywhere' };

/** The frame of the sign-in steps: the logo, a card with its heading, what happened, and the form. */
export function SignInCard({
  heading,
  intro,
  status,
  error,
  children,
}: {
  heading: string;
  intro: string;
  status?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-start justify-center px-4 py-12 sm:items-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
          {status && !error ? (
            <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
              {status}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}

/** The staff sign-in form: a plain form, so it works before (and without) any JavaScript. */
export function LoginForm({ next, email, error, signedOut }: LoginFormProps) {
  const status = signedOut === 'everywhere' ? 'You are signed out on every device.' : signedOut ? 'You are signed out.' : undefined;
  return (
    <SignInCard heading="Staff sign-in" intro="The back office for leads and A/B tests. Accounts are set up by an administrator." status={status} error={error}>
      <form method="post" action="/admin/login" className="mt-6 space-y-4">
        <input type="hidden" name="next" value={next} />
        <Field id="login-email" label="Work email" required>
          <input id="login-email" name="email" type="email" autoComplete="username" required defaultValue={email} className={inputClass} />
        </Field>
        <Field id="login-password" label="Password" required>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </Field>
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          Sign in
        </button>
      </form>
      <p className="mt-4 text-sm">
        <a href="/admin/password-reset" className="font-medium text-blue-800 underline hover:no-underline">
          Forgot your password?
        </a>
      </p>
    </SignInCard>
  );
}
