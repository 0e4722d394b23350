import { contactHref, navLinks } from '../lib/site.ts';
import { Logo } from './Logo.tsx';
import { pageContainer } from './ui/styles.ts';

const MENU_ID = 'site-menu';

/**
 * The fixed site header: logo, inline links from md up, and below md a menu that is a native popover:
 * the button opens and closes it in the same frame, with no script at all, and the browser closes it on
 * Escape or a tap outside and gives focus back to the button, and tells assistive technology whether the
 * menu is open (a popover's invoker is expanded or collapsed by the browser: aria-expanded is not allowed
 * on it, so its name stays "Menu"). The island loader (client/islands/loader.ts) only closes it when a
 * link is chosen.
 */
export function Header({ onHome }: { onHome: boolean }) {
  const links = navLinks.map((link) => ({ ...link, href: link.label === 'Contact' ? contactHref(onHome) : link.href }));
  return (
    <header className="site-header fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={`${pageContainer} relative flex h-16 items-center justify-between`}>
        <a href="/" className="rounded-lg" aria-label="Northline Digital home">
          <Logo />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
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
        <button
          type="button"
          popoverTarget={MENU_ID}
          aria-controls={MENU_ID}
          aria-label="Menu"
          data-menu-button=""
          className="inline-flex h-11 w-11 touch-manipulation items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
        >
          {/* Which icon shows follows the menu's own open state (CSS), before any script runs. */}
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path className="menu-icon-open" d="M4 7h16M4 12h16M4 17h16" />
            <path className="menu-icon-close" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <nav id={MENU_ID} popover="auto" aria-label="Mobile" data-site-menu="" className="site-menu border-b border-slate-200 bg-white shadow-lg md:hidden">
        <ul className="flex flex-col px-4 py-2">
          {links.map((link) => (
            <li key={link.label}>
              <a href={link.href} className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
