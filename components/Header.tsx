import { Island } from '../client/islands/Island.tsx';
import { contactHref, navLinks } from '../lib/site.ts';
import { Logo } from './Logo.tsx';
import { pageContainer } from './ui/styles.ts';

/** The fixed site header: logo, inline links from md up, and the HeaderMenu island below md. */
export function Header({ onHome }: { onHome: boolean }) {
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={`${pageContainer} relative flex h-16 items-center justify-between`}>
        <a href="/" className="rounded-lg" aria-label="Northline Digital home">
          <Logo />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.label === 'Contact' ? contactHref(onHome) : link.href}
                  className={
                    link.label === 'Contact'
                      ? 'ml-2 inline-flex rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800'
                      : 'inline-flex rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Island name="HeaderMenu" props={{ onHome }} className="md:hidden" />
      </div>
    </header>
  );
}
