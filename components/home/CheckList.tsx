import { CheckIcon } from './icons.tsx';

/** A list of short points, each with a green check. */
export function CheckList({ items, className = 'mt-4 space-y-2 text-sm text-slate-700' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon className="mt-0.5 shrink-0 text-emerald-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
