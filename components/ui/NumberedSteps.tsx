/** A numbered process: each step a card with its number, title (read as "Step N: …") and text. */
export function NumberedSteps({ steps, className, itemClass }: { steps: readonly { title: string; text: string }[]; className: string; itemClass: string }) {
  return (
    <ol className={className}>
      {steps.map((step, i) => (
        <li key={step.title} className={`relative rounded-2xl p-6 ${itemClass}`}>
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">{`Step ${i + 1}: `}</span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
