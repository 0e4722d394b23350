import { useState } from 'react';
import { useFieldId } from '../client/islands/root.tsx';
import { contactHref, navLinks } from '../lib/site.ts';

/** The small-screen menu: a toggle that opens and closes a vertical list of the header links. */
export default function HeaderMenu({ onHome }: { onHome: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useFieldId('menu');
  const close = () => setOpen(false);
  return (
    <div>
      <button
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((v) => !v)}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav id={menuId} aria-label="Mobile" hidden={!open} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg">
        <ul className="flex flex-col px-4 py-2">
          {navLinks.map((link) => (
            <li key={link.label}>
              <a
                href={link.label === 'Contact' ? contactHref(onHome) : link.href}
                onClick={close}
                className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
