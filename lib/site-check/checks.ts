// The twenty checks of a prospect's website (issue 32): pure functions from what the fetch brought back
// (the home page, robots.txt, sitemap.xml) to one finding per key, in words an owner reads, with the
// evidence seen. `unknown` means the check could not tell (the page could not be read, say); it is
// never counted as a failure. HTML is parsed by htmlparser2 (forgiving, as browsers are), never matched
// with regular expressions; only the text it yields is searched (the copyright line).

import { findAll, findOne, getAttributeValue, hasChildren, isTag, isText, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { SEPARATE_ELEMENTS } from '../text/html-text.ts';
import { SITE_CHECK_LABELS } from './labels.ts';
import { type FindingStatus, SITE_CHECK_KEYS, type SiteCheckFinding, type SiteCheckKey } from './types.ts';

/** One fetched document: its answer, and its text when it was read. */
export type FetchedDocument = { status: number; text: string | null } | null;

/** What the fetch hands the checks. */
export type FetchedSite = {
  /** Where the home page was finally answered, after redirects. */
  finalUrl: string;
  status: number;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
  /** Milliseconds from sending the request to the answer's headers. */
  ttfbMs: number;
  /** Bytes of the home page's body read (at most the cap), and whether the cap cut it off. */
  bytes: number;
  truncated: boolean;
  /** The body as text, decoded by its charset, when it is HTML. */
  html: string | null;
  /** What `http://host/` answered: a redirect to https, a page over plain http, or nothing (null). */
  plainHttp: { redirectsToHttps: boolean; status: number } | null;
  robots: FetchedDocument;
  sitemap: FetchedDocument;
};

type Doc = ReturnType<typeof parseDocument>;
type Element = Parameters<typeof getAttributeValue>[0];

const TITLE_RANGE = { min: 10, max: 60 };
const DESCRIPTION_RANGE = { min: 50, max: 160 };
/** A home page's own HTML above this is heavy (before its images, scripts and styles). */
const HEAVY_HTML_BYTES = 300 * 1024;
/** A first byte slower than this keeps phone visitors waiting (Google's "good" server response). */
const SLOW_TTFB_MS = 800;

const kb = (bytes: number) => `${(bytes < 10 * 1024 ? Math.round(bytes / 102.4) / 10 : Math.round(bytes / 1024)).toLocaleString('en-CA')} KB`;
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
const quoted = (text: string, max = 80) => `'${text.length > max ? `${text.slice(0, max - 1)}…` : text}'`;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

type Node = Doc['children'][number];
/** The text a person reads in `nodes` (scripts and styles left out, blocks kept apart), spaces squashed. */
function readableText(nodes: readonly Node[]): string {
  let text = '';
  const walk = (node: Node) => {
    if (isText(node)) text += node.data;
    else if (isTag(node) && (node.name === 'script' || node.name === 'style')) return;
    else if (hasChildren(node)) {
      const block = isTag(node) && SEPARATE_ELEMENTS.has(node.name);
      if (block) text += ' ';
      for (const child of node.children) walk(child);
      if (block) text += ' ';
    }
    if (isTag(node) && node.name === 'br') text += ' ';
  };
  for (const node of nodes) walk(node);
  return squash(text);
}

const elements = (doc: Doc, name: string): Element[] => findAll((e) => e.name === name, doc.children) as Element[];
const attr = (e: Element, name: string) => getAttributeValue(e, name);
const metaContent = (doc: Doc, key: 'name' | 'property', value: string) =>
  elements(doc, 'meta')
    .find((m) => attr(m, key)?.toLowerCase() === value)
    ?.attribs.content?.trim();
const links = (doc: Doc) => elements(doc, 'a').map((a) => attr(a, 'href')?.trim() ?? '');

function finding(key: SiteCheckKey, status: FindingStatus, evidence: string): SiteCheckFinding {
  return { key, label: SITE_CHECK_LABELS[key], status, evidence };
}

/** The schema.org types that say "this is a business" with its address and phone. */
const BUSINESS_TYPES =
  /(LocalBusiness|Organization|Store|Restaurant|Dentist|MedicalBusiness|HealthAndBeautyBusiness|ProfessionalService|HomeAndConstructionBusiness|AutomotiveBusiness|FoodEstablishment|LegalService|FinancialService|Corporation)$/;

type JsonLd = Record<string, unknown>;
function jsonLdNodes(doc: Doc): JsonLd[] {
  const nodes: JsonLd[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (value && typeof value === 'object') {
      nodes.push(value as JsonLd);
      if ('@graph' in value) visit((value as JsonLd)['@graph']);
    }
  };
  for (const script of elements(doc, 'script')) {
    if (attr(script, 'type')?.toLowerCase().trim() !== 'application/ld+json') continue;
    try {
      visit(JSON.parse(textContent(script)));
    } catch {
      // A broken block says nothing; the others still count.
    }
  }
  return nodes;
}
const typesOf = (node: JsonLd) => [node['@type']].flat().filter((t): t is string => typeof t === 'string');

const ANALYTICS_SOURCES = [
  'googletagmanager.com',
  'google-analytics.com',
  'connect.facebook.net',
  'plausible.io',
  'static.hotjar.com',
  'clarity.ms',
  'analytics.tiktok.com',
  'snap.licdn.com',
  'cdn.usefathom.com',
  'googleadservices.com',
];
const ANALYTICS_CALLS = ['gtag(', 'fbq(', 'dataLayer', "ga('create'", '_paq.push', 'ttq.load', 'clarity('];
const MAPS_LINK =
  /^https?:\/\/(g\.page|maps\.app\.goo\.gl|goo\.gl\/maps|(www\.)?google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|business\.google\.com|g\.co\/kgs)/i;

/** A text search results show (title, description): missing, within its range, or too short or long, quoted. */
function textLength(
  key: SiteCheckKey,
  text: string,
  range: { min: number; max: number },
  words: { name: string; missing: string; short: string },
): SiteCheckFinding {
  if (!text) return finding(key, 'fail', words.missing);
  const problem = text.length < range.min ? ` (${words.short})` : text.length > range.max ? ' (cut off in search results)' : '';
  return finding(key, problem ? 'fail' : 'pass', `${words.name}: ${quoted(text)} — ${characters(text.length)}${problem}`);
}

/** The home page's checks from its parsed HTML. */
function pageChecks(doc: Doc, year: number): SiteCheckFinding[] {
  const findings: SiteCheckFinding[] = [];

  const titleElement = findOne((e) => e.name === 'title', doc.children) as Element | null;
  findings.push(
    textLength('title', titleElement ? squash(textContent(titleElement)) : '', TITLE_RANGE, {
      name: 'Title',
      missing: 'No page title: search results show whatever Google picks',
      short: 'too short to say what you do and where',
    }),
  );
  findings.push(
    textLength('meta-description', squash(metaContent(doc, 'name', 'description') ?? ''), DESCRIPTION_RANGE, {
      name: 'Description',
      missing: 'No description: search results show a snippet Google picks from the page',
      short: 'short',
    }),
  );

  const headings = elements(doc, 'h1').map((h) => readableText([h]));
  findings.push(
    headings.length === 1
      ? finding('h1', 'pass', `Main heading: ${quoted(headings[0] || '(empty)')}`)
      : headings.length === 0
        ? finding('h1', 'fail', 'No main heading (h1) on the home page')
        : finding(
            'h1',
            'fail',
            `${headings.length} main headings (h1): ${headings
              .slice(0, 3)
              .map((h) => quoted(h, 40))
              .join(', ')}`,
          ),
  );

  const viewport = metaContent(doc, 'name', 'viewport') ?? '';
  findings.push(
    /width\s*=\s*device-width/i.test(viewport)
      ? finding('viewport', 'pass', `Set for phones: ${quoted(viewport)}`)
      : finding(
          'viewport',
          'fail',
          viewport ? `Viewport ${quoted(viewport)} does not follow the phone's width` : 'No mobile viewport: phones show the desktop page shrunk',
        ),
  );

  const canonical = elements(doc, 'link').find((l) => (attr(l, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'));
  const canonicalHref = canonical ? (attr(canonical, 'href') ?? '').trim() : '';
  findings.push(
    canonicalHref
      ? finding('canonical', 'pass', `Canonical link: ${canonicalHref}`)
      : finding('canonical', 'fail', 'No canonical link: copies of the page (with and without www, tracking links) compete in search'),
  );

  const businesses = jsonLdNodes(doc).filter((n) => typesOf(n).some((t) => BUSINESS_TYPES.test(t)));
  const complete = businesses.find((n) => n.address && n.telephone);
  findings.push(
    complete
      ? finding('local-business-schema', 'pass', `${typesOf(complete).join(', ')} with address and phone`)
      : businesses.length > 0
        ? finding(
            'local-business-schema',
            'fail',
            `${typesOf(businesses[0]).join(', ')} without ${[businesses[0].address ? '' : 'address', businesses[0].telephone ? '' : 'phone'].filter(Boolean).join(' or ')}`,
          )
        : finding('local-business-schema', 'fail', 'No business details for search engines (LocalBusiness or Organization structured data)'),
  );

  const og = ['og:title', 'og:description', 'og:image'].filter((p) => metaContent(doc, 'property', p));
  findings.push(
    og.includes('og:title') && og.includes('og:image')
      ? finding('open-graph', 'pass', `Link previews set: ${og.join(', ')}`)
      : finding(
          'open-graph',
          'fail',
          og.length
            ? `Only ${og.join(', ')}: shared links show no picture or title`
            : 'No Open Graph tags: links shared on Facebook or LinkedIn show a bare address',
        ),
  );

  const images = elements(doc, 'img');
  const withoutAlt = images.filter((i) => attr(i, 'alt') === undefined);
  findings.push(
    images.length === 0
      ? finding('image-alt', 'pass', 'No images on the home page')
      : withoutAlt.length === 0
        ? finding('image-alt', 'pass', `All ${images.length} images described`)
        : finding('image-alt', 'fail', `${withoutAlt.length} of ${images.length} image${images.length === 1 ? '' : 's'} without a description (alt text)`),
  );

  const hrefs = links(doc);
  const tel = hrefs.find((h) => /^tel:/i.test(h));
  findings.push(
    tel
      ? finding('tel-link', 'pass', `Tap-to-call link: ${tel.slice(4)}`)
      : finding('tel-link', 'fail', 'No tap-to-call link: phone visitors have to copy the number'),
  );

  const forms = elements(doc, 'form');
  const contactForm = forms.find(
    (f) =>
      findOne((e) => e.name === 'textarea' || (e.name === 'input' && ['email', 'tel'].includes((attr(e, 'type') ?? '').toLowerCase())), f.children) !== null,
  );
  findings.push(
    contactForm
      ? finding('contact-form', 'pass', 'A contact form on the home page')
      : finding('contact-form', 'fail', forms.length ? 'A form, but none asking for an email, phone or message' : 'No contact form on the home page'),
  );

  const scripts = elements(doc, 'script');
  const tagSource = scripts.map((s) => attr(s, 'src') ?? '').find((src) => ANALYTICS_SOURCES.some((host) => src.includes(host)));
  const inlineTag = !tagSource && scripts.some((s) => !attr(s, 'src') && ANALYTICS_CALLS.some((call) => textContent(s).includes(call)));
  findings.push(
    tagSource
      ? finding('analytics-tag', 'pass', `Tracking tag: ${new URL(tagSource, 'https://x.invalid').hostname}`)
      : inlineTag
        ? finding('analytics-tag', 'pass', 'An analytics or ad tag in the page')
        : finding('analytics-tag', 'fail', 'No analytics or ad tag found: visits and their sources go uncounted'),
  );

  const frames = elements(doc, 'iframe').map((f) => attr(f, 'src') ?? '');
  const maps = [...hrefs, ...frames].find((h) => MAPS_LINK.test(h));
  findings.push(
    maps
      ? finding('google-business-link', 'pass', `Google Maps or Business Profile link: ${maps.length > 60 ? `${maps.slice(0, 59)}…` : maps}`)
      : finding('google-business-link', 'fail', 'No link to your Google Business Profile or a map'),
  );

  const body = findOne((e) => e.name === 'body', doc.children) as Element | null;
  const text = readableText(body ? [body] : doc.children);
  const years = [...text.matchAll(/(?:©|\(c\)|copyright)\s*(?:\d{4}\s*[-–—]\s*)?(\d{4})/gi)].map((m) => Number(m[1]));
  const latest = years.length ? Math.max(...years) : null;
  findings.push(
    latest === null
      ? finding('copyright-year', 'unknown', 'No copyright line found')
      : latest >= year
        ? finding('copyright-year', 'pass', `© ${latest}`)
        : finding('copyright-year', 'fail', `© ${latest}: the site looks unattended`),
  );
  return findings;
}

function robotsCheck(robots: FetchedDocument): SiteCheckFinding {
  if (robots === null) return finding('robots', 'unknown', 'robots.txt could not be read');
  if (robots.status === 404 || robots.status === 410)
    return finding('robots', 'fail', 'No robots.txt: search engines get no directions, and no sitemap address');
  if (robots.status !== 200 || robots.text === null) return finding('robots', 'unknown', `robots.txt answered ${robots.status}`);
  // A web page where robots.txt should be (a "page not found" answered 200) is no robots.txt.
  if (robots.text.trimStart().startsWith('<'))
    return finding('robots', 'fail', 'No robots.txt (the address shows a web page): search engines get no directions, and no sitemap address');
  // The group for every crawler: "User-agent: *" and its rules up to the next group.
  let inAll = false;
  let blocksAll = false;
  let sawRule = false;
  for (const raw of robots.text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').trim();
    const name = field.trim().toLowerCase();
    if (name === 'user-agent') {
      if (sawRule) inAll = false;
      sawRule = false;
      if (value === '*') inAll = true;
    } else if (name === 'disallow' || name === 'allow') {
      sawRule = true;
      if (inAll && name === 'disallow' && value === '/') blocksAll = true;
    }
  }
  return blocksAll
    ? finding('robots', 'fail', 'robots.txt blocks every search engine from the whole site (Disallow: /)')
    : finding('robots', 'pass', 'robots.txt lets search engines in');
}

function sitemapCheck(sitemap: FetchedDocument, robots: FetchedDocument): SiteCheckFinding {
  const listed = robots?.text?.match(/^\s*sitemap\s*:\s*(\S+)/im)?.[1];
  if (sitemap?.status === 200 && sitemap.text !== null) {
    const doc = parseDocument(sitemap.text, { xmlMode: true });
    const isSitemap = findOne((e) => e.name === 'urlset' || e.name === 'sitemapindex', doc.children) !== null;
    if (isSitemap) {
      const count = findAll((e) => e.name === 'loc', doc.children).length;
      return finding('sitemap', 'pass', `sitemap.xml lists ${count.toLocaleString('en-CA')} address${count === 1 ? '' : 'es'}`);
    }
  }
  if (listed) return finding('sitemap', 'pass', `Sitemap named in robots.txt: ${listed}`);
  if (sitemap === null) return finding('sitemap', 'unknown', 'sitemap.xml could not be read');
  return finding('sitemap', 'fail', sitemap.status === 200 ? 'sitemap.xml is not a sitemap' : 'No sitemap: search engines find new pages later');
}

/** Every check, in the order of SITE_CHECK_KEYS. `year` is the current year in Toronto. */
export function runChecks(site: FetchedSite, year: number): SiteCheckFinding[] {
  const https = site.finalUrl.startsWith('https:');
  const byKey = new Map<SiteCheckKey, SiteCheckFinding>();
  const add = (f: SiteCheckFinding) => byKey.set(f.key, f);

  add(https ? finding('https', 'pass', `Served over HTTPS: ${site.finalUrl}`) : finding('https', 'fail', `Served over plain HTTP: ${site.finalUrl}`));
  add(
    site.plainHttp === null
      ? finding('https-redirect', 'unknown', 'http:// could not be reached')
      : site.plainHttp.redirectsToHttps
        ? finding('https-redirect', 'pass', 'http:// sends visitors on to https://')
        : finding('https-redirect', 'fail', `http:// answers ${site.plainHttp.status} without moving visitors to the secure site`),
  );
  const hsts = site.headers['strict-transport-security'];
  const maxAge = Number(hsts?.match(/max-age\s*=\s*"?(\d+)/i)?.[1] ?? 0);
  add(
    !https
      ? finding('hsts', 'fail', 'No HTTPS, so browsers cannot be told to insist on it')
      : maxAge > 0
        ? finding('hsts', 'pass', `Strict-Transport-Security: max-age ${maxAge.toLocaleString('en-CA')} s`)
        : finding('hsts', 'fail', 'No Strict-Transport-Security header'),
  );
  add(
    site.ttfbMs <= SLOW_TTFB_MS
      ? finding('ttfb', 'pass', `First byte after ${seconds(site.ttfbMs)}`)
      : finding('ttfb', 'fail', `First byte after ${seconds(site.ttfbMs)}: visitors stare at a blank screen`),
  );
  add(
    site.truncated
      ? finding('page-weight', 'fail', `Home page HTML over ${kb(site.bytes)}: far too heavy for phones`)
      : site.bytes > HEAVY_HTML_BYTES
        ? finding('page-weight', 'fail', `Home page HTML ${kb(site.bytes)}, before images and scripts`)
        : finding('page-weight', 'pass', `Home page HTML ${kb(site.bytes)}`),
  );

  if (site.html === null) {
    const why = `The home page could not be read as HTML (${site.status})`;
    for (const key of PAGE_KEYS) add(finding(key, 'unknown', why));
  } else {
    // Something not found in a page cut at the cap may lie past the cut: that is not known, not a failure.
    for (const f of pageChecks(parseDocument(site.html), year))
      add(
        site.truncated && f.status === 'fail' && f.evidence.startsWith('No ')
          ? finding(f.key, 'unknown', `${f.evidence.split(':')[0]} in the first 2 MB (the page is longer; we stopped reading there)`)
          : f,
      );
  }

  add(robotsCheck(site.robots));
  add(sitemapCheck(site.sitemap, site.robots));
  return SITE_CHECK_KEYS.map((key) => byKey.get(key) as SiteCheckFinding);
}

/** The checks read from the home page's HTML (the others come from its answer, robots.txt and sitemap.xml). */
const NOT_FROM_HTML: readonly SiteCheckKey[] = ['https', 'https-redirect', 'hsts', 'ttfb', 'page-weight', 'robots', 'sitemap'];
const PAGE_KEYS = SITE_CHECK_KEYS.filter((key) => !NOT_FROM_HTML.includes(key));
