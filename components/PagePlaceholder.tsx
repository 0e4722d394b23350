import { buttonClass } from './ui/styles.ts';

/** An honest "coming soon" block for routes whose content has not been built yet. */
export function PagePlaceholder({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
      <p className="mt-8">
        <a className={buttonClass.primary} href="/">Back to the home page</a>
      </p>
    </section>
  );
}
