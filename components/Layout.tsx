import type { ReactNode } from 'react';
import { islands } from '../client/islands/registry.ts';
import { absoluteUrl, defaultOgImage, type PageMeta } from '../lib/pages/meta.ts';
import { jsonForScript } from '../lib/pages/safe-json.ts';
import { agency } from '../lib/site.ts';
import { Island } from '../server/islands/Island.tsx';
import { usePageRender } from '../server/islands/render-context.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// The audit without JavaScript: its four steps one under another, each under its title, spaced apart
// and ruled off like sections of one form; no step chrome (progress, Next, "Step 1 of 4").
const NO_SCRIPT_CSS =
  '[data-wizard] [data-step]{display:grid!important}[data-wizard] [data-wizard-submit]{display:inline-flex!important}[data-wizard] [data-wizard-chrome]{display:none!important}' +
  '[data-wizard] [data-step]+[data-step]{margin-top:2.5rem;padding-top:2rem;border-top:1px solid #e2e8f0}[data-wizard] [data-step-title]{float:left;width:100%;font-size:1.125rem}';

/** The one document shell: head tags from the page's meta, header, main, footer. */
export function Layout({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { siteUrl, assets, islands: used } = usePageRender();
  // Every page loads the island loader (it marks the page ready, and hydrates islands when needed).
  used.files.add(assets.loader);
  const canonical = absoluteUrl(siteUrl, meta.path);
  const image = meta.ogImage ?? defaultOgImage;
  const imageUrl = absoluteUrl(siteUrl, image.path);
  const onHome = Boolean(meta.isHome);
  const staff = meta.chrome === 'staff';
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script type="module" src={assets.loader} async fetchPriority="low" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.keywords ? <meta name="keywords" content={meta.keywords.join(', ')} /> : null}
        {meta.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <link rel="canonical" href={canonical} />
        {assets.cssText ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet, inlined
          <style dangerouslySetInnerHTML={{ __html: assets.cssText }} />
        ) : (
          <link rel="stylesheet" href={assets.css} />
        )}
        {/* Without JavaScript, the audit shows its four steps at once, with its submit button (static/styles.css: [data-wizard]). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own fixed style, for browsers without JavaScript */}
        <noscript dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_CSS}</style>` }} />
        <link rel="icon" href="/static/images/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/static/images/apple-touch-icon.png" />
        <meta name="theme-color" content="#1d4ed8" />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content={agency.name} />
        <meta property="og:locale" content="en_CA" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={imageUrl} />
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        <meta property="og:image:alt" content={image.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={imageUrl} />
        {(meta.jsonLd ?? []).map((data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's fixed list of documents, never reordered
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element (lib/pages/safe-json.ts)
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
        ))}
      </head>
      <body className={`min-h-screen ${staff ? 'bg-slate-50' : 'bg-white'} font-sans text-slate-900 antialiased`}>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {staff ? null : <Header onHome={onHome} />}
        <main id="main" tabIndex={-1} className={staff ? 'outline-none' : 'pt-16 outline-none'}>
          {children}
        </main>
        {staff ? null : <Footer onHome={onHome} />}
        <ToasterIfNeeded />
      </body>
    </html>
  );
}

/** Rendered after <main>, so it knows which islands the page used; adds the Toaster only if one of them toasts. */
function ToasterIfNeeded() {
  const used = [...usePageRender().islands.used] as (keyof typeof islands)[];
  return used.some((name) => islands[name].toasts) ? <Island name="Toaster" props={{}} /> : null;
}
