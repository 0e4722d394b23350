const alertTones = {
  red: { box: 'border-red-200 bg-red-50 text-red-800 hover:bg-red-100', dot: 'bg-red-600' },
  amber: { box: 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100', dot: 'bg-amber-500' },
};

/** A headline of the inbox that needs attention, linking to what it is about (the leads it counts, by default). */
export function AlertLink({
  href,
  tone,
  data,
  action = 'Show them',
  children,
}: {
  href: string;
  tone: keyof typeof alertTones;
  data: Record<string, number | string>;
  action?: string;
  children: string;
}) {
  return (
    <a href={href} {...data} className={`mt-4 flex items-center gap-2 rounded-xl border px-4 py-3 text-sm font-semibold ${alertTones[tone].box}`}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${alertTones[tone].dot}`} />
      {children}
      <span className="ml-auto shrink-0 font-medium underline">{action}</span>
    </a>
  );
}
