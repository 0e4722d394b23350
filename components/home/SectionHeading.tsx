/** The eyebrow, heading and intro that open each home page section. */
export function SectionHeading({ id, eyebrow, heading, text, inverted }: { id: string; eyebrow: string; heading: string; text?: string; inverted?: boolean }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className={`text-sm font-semibold uppercase tracking-wide ${inverted ? 'text-blue-300' : 'text-blue-700'}`}>{eyebrow}</p>
      <h2 id={id} className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${inverted ? 'text-white' : 'text-slate-900'}`}>
        {heading}
      </h2>
      {text ? <p className={`mt-4 text-lg leading-8 ${inverted ? 'text-slate-300' : 'text-slate-600'}`}>{text}</p> : null}
    </div>
  );
}
