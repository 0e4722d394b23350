import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { defaultContactFormConfig } from '../../lib/ab/contact-form-variants.ts';
import { glossary } from '../../lib/content/glossary.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const PAGES: [path: string, title: string][] = [
  ['/services', 'Digital Marketing Services for Toronto Businesses | Northline Digital'],
  ['/services/digital-marketing', 'Digital Marketing Services Toronto | Northline Digital'],
  ['/services/social-media-management', 'Social Media Management Toronto | Northline Digital'],
  ['/services/lead-generation', 'Lead Generation Services Toronto | Northline Digital'],
  ['/services/seo-services', 'SEO Services Toronto | Northline Digital'],
  ['/services/google-ads', 'Google Ads Management Toronto | Northline Digital'],
  ['/services/content-marketing', 'Content Marketing Toronto | Northline Digital'],
  ['/what-is-digital-marketing', 'What is Digital Marketing? A Guide for Toronto Businesses | Northline Digital'],
];

async function page(path: string) {
  const { request } = await testApp();
  const res = await request(path);
  return { res, html: await res.text() };
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const count = (html: string, needle: RegExp) => (html.match(needle) ?? []).length;

/** The AuditWizard island's props as the HTML carries them, or null when the page has none. */
function auditProps(html: string): unknown {
  const m = html.match(/data-island="AuditWizard"[^>]*data-props="([^"]*)"/);
  return m ? JSON.parse(m[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) : null;
}
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('content pages', () => {
  test('the guide and service pages carry the audit in its default form with no tracking, whoever asks (they are cached for everyone)', async () => {
    const { request } = await testApp();
    const visitor = {
      cookie: `vid=${crypto.randomUUID()}`,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    };
    for (const path of ['/what-is-digital-marketing', '/services/seo-services']) {
      for (const headers of [{}, visitor]) {
        const res = await request(path, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(auditProps(await res.text())).toEqual({ config: defaultContactFormConfig, tracking: null });
      }
    }
  });

  test.each(PAGES)('%s answers 200 with its exact title, canonical, parsable JSON-LD and one h1', async (path, title) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(decode(html.match(/<title>([^<]*)<\/title>/)![1]!)).toBe(title);
    expect(html).toContain(`<link rel="canonical" href="${new URL(path, TEST_SITE_URL)}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${new URL(path, TEST_SITE_URL)}"/>`);
    const blocks = jsonLd(html);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
    expect(count(html, /<h1[\s>]/g)).toBe(1);
  });

  test.each(PAGES.filter(([p]) => p.startsWith('/services/')))(
    '%s has Service and BreadcrumbList JSON-LD and a hero button to its contact section, which holds the audit',
    async (path) => {
      const { html } = await page(path);
      const types = jsonLd(html).map((b) => b['@type']);
      expect(types).toEqual(['Service', 'BreadcrumbList']);
      const [service, crumbs] = jsonLd(html);
      expect(service!.url).toBe(new URL(path, TEST_SITE_URL).toString());
      expect(service!.provider.name).toBe('Northline Digital');
      expect(crumbs!.itemListElement.map((i: { item: string }) => i.item)).toEqual([
        `${TEST_SITE_URL}/`,
        `${TEST_SITE_URL}/services`,
        new URL(path, TEST_SITE_URL).toString(),
      ]);
      expect(html).toContain('href="#contact"');
      // The final section is the audit itself, in the default form with no A/B tracking (the page is cached for everyone).
      expect(html).toMatch(/<section id="contact"[^>]*>[\s\S]*data-island="AuditWizard"/);
      expect(auditProps(html)).toEqual({ config: defaultContactFormConfig, tracking: null });
      expect(count(html, /<h2 id="contact-heading"/g)).toBe(1);
      expect(count(html, /<ol class="mt-10 grid[^"]*">/g)).toBe(1);
      expect(html).toContain('<meta property="og:title"');
    },
  );

  test('the overview shows six service cards, each linking to its page', async () => {
    const { html } = await page('/services');
    for (const slug of ['digital-marketing', 'social-media-management', 'lead-generation', 'seo-services', 'google-ads', 'content-marketing']) {
      expect(html).toContain(`href="/services/${slug}"`);
    }
    expect(count(html, /<article /g)).toBe(6);
    expect(html).toContain('href="/#contact"');
  });

  test('the guide has article metadata, keywords, Article and FAQPage JSON-LD', async () => {
    const { html } = await page('/what-is-digital-marketing');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="og:locale" content="en_CA"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta name="keywords" content="what is digital marketing,');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const blocks = jsonLd(html);
    const article = blocks.find((b) => b['@type'] === 'Article')!;
    expect(article.headline).toBeTruthy();
    expect(article.inLanguage).toBe('en-CA');
    const faqPage = blocks.find((b) => b['@type'] === 'FAQPage')!;
    expect(faqPage.mainEntity).toHaveLength(8);
  });

  test('the guide sections come in the spec order with their anchors and links', async () => {
    const { html } = await page('/what-is-digital-marketing');
    const order = [
      'href="#definition"',
      'id="definition"',
      'id="approach"',
      'id="components"',
      'id="why-it-matters"',
      'id="glossary"',
      'Get Your Free Strategy Session',
      'id="statistics"',
      'id="faq"',
      'id="contact"',
    ];
    const positions = order.map((needle) => html.indexOf(needle));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).toContain('>Start Learning</a>');
    // 'Get Your Free Strategy Session' scrolls to the guide's own contact section: the audit, one pipeline for every lead.
    expect(html).toMatch(/<a href="#contact"[^>]*>Get Your Free Strategy Session<\/a>/);
    for (const href of ['https://northlinedigital.ca/big-data-advantage', 'https://northlinedigital.ca/success-stories', 'https://northlinedigital.ca/team'])
      expect(html).toContain(`href="${href}"`);
    for (const figure of ['80%', '3x', '61%', '$2,000–$10,000', '3–6 months']) expect(html).toContain(figure);
  });

  test('the glossary holds at least 80 unique terms in the server HTML', async () => {
    const { html } = await page('/what-is-digital-marketing');
    const terms = [...html.matchAll(/<dt class="[^"]*">([^<]+)<\/dt>/g)].map((m) => decode(m[1]!));
    const glossaryTerms = terms.filter((t) => glossary.some((g) => g.term === t));
    expect(new Set(glossaryTerms).size).toBeGreaterThanOrEqual(80);
    expect(glossaryTerms).toHaveLength(glossary.length);
    expect(html).toContain('href="#glossary-a"');
    expect(html).not.toMatch(/<script>|javascript:/i);
  });

  test('unsearched, A and B show and the other letters wait, in the HTML, behind one closed "Show all" disclosure', async () => {
    const { html } = await page('/what-is-digital-marketing');
    const glossarySection = html.slice(html.indexOf('id="glossary"'), html.indexOf('id="strategy-session"'));
    const opening = glossarySection.match(/<details[^>]*>/g) ?? [];
    expect(opening).toHaveLength(1);
    expect(opening[0]).not.toContain(' open');
    expect(glossarySection).toContain(`Show all ${glossary.length} terms</span>`);
    const disclosure = glossarySection.indexOf('<details');
    for (const letter of ['a', 'b']) expect(glossarySection.indexOf(`id="glossary-${letter}"`)).toBeLessThan(disclosure);
    for (const letter of ['c', 's', 'z']) expect(glossarySection.indexOf(`id="glossary-${letter}"`)).toBeGreaterThan(disclosure);
    expect(count(glossarySection, /data-glossary-term=""/g)).toBe(glossary.length);
  });

  test('without JavaScript, ?q= filters the glossary by hiding terms, keeping them all in the HTML', async () => {
    const { html } = await page('/what-is-digital-marketing?q=bounce');
    expect(html).toContain('Showing 1 of');
    expect(count(html, /data-glossary-term=""/g)).toBe(glossary.length);
    expect(html).toMatch(/<div id="term-bounce-rate" data-glossary-term="" data-search="bounce rate\n[^"]+">/);
    expect(html).toMatch(/<div id="term-backlink" data-glossary-term="" data-search="[^"]+" hidden="">/);
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/what-is-digital-marketing"/>`);
    // A search shows its matches wherever they are: the rest is open, its summary hidden.
    expect(html).toContain('<div data-glossary="" data-searching="true">');
    expect(html).toMatch(/<details open="" class="group mt-10">/);
    const late = await page('/what-is-digital-marketing?q=zero-click');
    expect(late.html).toMatch(/<div id="term-zero-click-search" data-glossary-term="" data-search="[^"]+">/);
  });

  test('the FAQ has exactly 8 questions as disclosure widgets', async () => {
    const { html: whole } = await page('/what-is-digital-marketing');
    const html = whole.slice(whole.indexOf('id="faq"'), whole.indexOf('id="contact"'));
    expect(count(html, /<details/g)).toBe(8);
    expect(count(html, /<summary/g)).toBe(8);
    expect(html).toContain('$2,000–$10,000');
  });
});
