import { Glossary } from '../components/guide/Glossary.tsx';
import { GuideHero } from '../components/guide/GuideHero.tsx';
import { GuideSection } from '../components/guide/GuideSection.tsx';
import { ContactSection } from '../components/home/ContactSection.tsx';
import { CallToAction } from '../components/services/CallToAction.tsx';
import { Icon } from '../components/services/Icon.tsx';
import { StatsBand } from '../components/services/StatsBand.tsx';
import { Faq } from '../components/ui/Faq.tsx';
import { defaultContactFormConfig } from '../lib/ab/contact-form-variants.ts';
import { faq } from '../lib/content/faq.ts';
import { approach, components, definition, faqIntro, glossaryIntro, guideAudit, guideMeta, guideStats, reasons, strategyCta } from '../lib/content/guide.ts';
import { agencyReference, breadcrumbList } from '../lib/content/structured-data.ts';
import { absoluteUrl, defaultOgImage } from '../lib/pages/meta.ts';
import { agency } from '../lib/site.ts';
import { definePage } from '../server/page.tsx';
import { sameForEveryone } from '../server/page-cache.ts';

/**
 * The glossary's no-JavaScript search arrives as ?q=; it only pre-filters what the island shows. A query
 * keeps the page out of the page cache, so a search is rendered for its request.
 */
const glossaryQuery = (q: string | undefined) => (q ?? '').trim().slice(0, 100);

export default definePage({
  cache: sameForEveryone,
  load: (c) => ({ siteUrl: c.get('deps').config.PUBLIC_SITE_URL, query: glossaryQuery(c.req.query('q')) }),
  meta: ({ siteUrl }) => ({
    title: guideMeta.title,
    description: guideMeta.description,
    path: guideMeta.path,
    keywords: guideMeta.keywords,
    ogType: 'article',
    ogImage: defaultOgImage,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: guideMeta.headline,
        description: guideMeta.description,
        image: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, defaultOgImage.path), width: defaultOgImage.width, height: defaultOgImage.height },
        datePublished: guideMeta.datePublished,
        dateModified: guideMeta.dateModified,
        inLanguage: 'en-CA',
        mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(siteUrl, guideMeta.path) },
        author: { '@type': 'Organization', name: agency.name, url: absoluteUrl(siteUrl, '/') },
        publisher: { ...agencyReference(siteUrl), logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, '/static/images/apple-touch-icon.png') } },
        keywords: guideMeta.keywords.join(', '),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
      },
      breadcrumbList(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'What is Digital Marketing?', path: guideMeta.path },
      ]),
    ],
  }),
  Component: ({ query }) => (
    <article>
      <GuideHero />

      <GuideSection id="definition" heading={definition.heading}>
        <div className="grid gap-8 md:grid-cols-3">
          {definition.parts.map((part) => (
            <div key={part.title}>
              <h3 className="text-xl font-semibold text-slate-900">{part.title}</h3>
              <p className="mt-3 leading-7 text-slate-700">{part.text}</p>
            </div>
          ))}
        </div>
      </GuideSection>

      <GuideSection id="approach" heading={approach.heading} intro={approach.intro} tinted>
        <p className="max-w-3xl text-lg leading-8 text-slate-700">{approach.detail}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {approach.links.map((link) => (
            <li key={link.href} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <a href={link.href} rel="noopener" className="text-lg font-semibold text-blue-700 underline-offset-4 hover:underline">
                {link.label}
                <span aria-hidden="true"> ↗</span>
              </a>
              <p className="mt-2 leading-7 text-slate-600">{link.text}</p>
            </li>
          ))}
        </ul>
      </GuideSection>

      <GuideSection id="components" heading={components.heading} intro={components.intro}>
        <ol className="grid gap-6 sm:grid-cols-2">
          {components.items.map((item, i) => (
            <li key={item.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4">
                <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                  <Icon name={item.icon} className="h-7 w-7" />
                </span>
                <h3 className="text-xl font-semibold text-slate-900">
                  <span className="text-blue-700">{`${i + 1}. `}</span>
                  {item.title}
                </h3>
              </div>
              <p className="mt-4 flex-1 leading-7 text-slate-700">{item.text}</p>
              <a href={item.link.href} className="mt-4 font-semibold text-blue-700 hover:text-blue-900">
                {item.link.label}
                <span aria-hidden="true"> →</span>
              </a>
            </li>
          ))}
        </ol>
      </GuideSection>

      <GuideSection id="why-it-matters" heading={reasons.heading} tinted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.items.map((r) => (
            <li key={r.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-blue-700 text-white">
                <Icon name={r.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{r.title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{r.text}</p>
            </li>
          ))}
        </ul>
      </GuideSection>

      <GuideSection id="glossary" heading={glossaryIntro.heading} intro={glossaryIntro.intro}>
        <Glossary query={query} />
      </GuideSection>

      <CallToAction id="strategy-session" heading={strategyCta.heading} text={strategyCta.text} href={strategyCta.href} label={strategyCta.label} />

      <StatsBand id="statistics" heading={guideStats.heading} stats={guideStats.items} />

      <Faq id="faq" heading={faqIntro.heading} items={faq} />

      {/* The same audit as the home page, in its default form: this page is cached for everyone, so nothing here is per visitor. */}
      <ContactSection heading={defaultContactFormConfig.formTitle} intro={guideAudit} contactForm={defaultContactFormConfig} tracking={null} />
    </article>
  ),
});
