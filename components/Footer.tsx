import { intakeLink } from '../lib/content/intake.ts';
import { agency, contactHref, links, mailingAddressLine, otherLocations, socialProfiles } from '../lib/site.ts';
import { Logo } from './Logo.tsx';
import { pageContainer } from './ui/styles.ts';

const linkClass = 'text-slate-300 hover:text-white';

export function Footer({ onHome }: { onHome: boolean }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className={`${pageContainer} grid gap-10 py-14 md:grid-cols-4`}>
        <div className="md:col-span-1">
          <Logo inverted />
          <p className="mt-4 text-sm leading-6">{`Digital marketing for Toronto's local service businesses, since ${agency.foundedYear}.`}</p>
          <address className="mt-4 text-sm not-italic leading-6">
            {mailingAddressLine}
            <br />
            <a className={linkClass} href={`tel:${agency.phone}`}>
              {agency.phoneDisplay}
            </a>
            <br />
            <a className={linkClass} href={`mailto:${agency.email}`}>
              {agency.email}
            </a>
          </address>
        </div>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Company</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a className={linkClass} href={links.about} rel="noopener">
                About
              </a>
            </li>
            <li>
              <a className={linkClass} href={contactHref(onHome)}>
                Contact
              </a>
            </li>
            <li>
              <a className={linkClass} href={intakeLink.href}>
                {intakeLink.label}
              </a>
            </li>
            <li>
              <a className={linkClass} href="/blog">
                Blog
              </a>
            </li>
            <li>
              <a className={linkClass} href={links.privacy} rel="noopener">
                Privacy Policy
              </a>
            </li>
            <li>
              <a className={linkClass} href={links.terms} rel="noopener">
                Terms of Service
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Social profiles">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Follow us</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {socialProfiles.map((p) => (
              <li key={p.name}>
                <a className={linkClass} href={p.url} rel="noopener me">
                  {p.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Other locations">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Other locations</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {otherLocations.map((l) => (
              <li key={l.city}>
                <a className={linkClass} href={l.url} rel="noopener">{`${agency.name} ${l.city}`}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className={`${pageContainer} py-6 text-sm`}>{`© ${agency.copyrightYear} ${agency.legalName} All rights reserved.`}</p>
      </div>
    </footer>
  );
}
