import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { indexablePaths, pagePaths } from '../../site/app.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

async function headOf(path: string) {
  const { request } = await testApp();
  const html = await (await request(path)).text();
  const pick = (re: RegExp) => html.match(re)?.[1];
  return {
    html,
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    noindex: /<meta name="robots" content="noindex/.test(html),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]),
  };
}

describe('search readiness', () => {
  test('every page has a unique title and description and an absolute canonical link', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of pagePaths) {
      const head = await headOf(path);
      expect(head.title, path).toBeTruthy();
      expect(head.description, path).toBeTruthy();
      expect(head.canonical).toBe(new URL(path, TEST_SITE_URL).toString());
      titles.add(head.title!);
      descriptions.add(head.description!);
      for (const block of head.jsonLd) {
        expect(block).not.toContain('<');
        expect(() => JSON.parse(block)).not.toThrow();
      }
    }
    expect(titles.size).toBe(pagePaths.length);
    expect(descriptions.size).toBe(pagePaths.length);
  });

  test('the sitemap lists exactly the pages that do not say noindex', async () => {
    const { request } = await testApp();
    const res = await request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const listed = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const expected: string[] = [];
    for (const path of pagePaths) if (!(await headOf(path)).noindex) expected.push(path);
    expect(listed.sort()).toEqual(expected.sort());
    expect(([...indexablePaths] as string[]).sort()).toEqual(expected.sort());
    for (const path of ['/admin/ab-tests', '/social-generator', '/q4-intake/thank-you']) expect(listed).not.toContain(path);
  });

  test('robots.txt disallows the admin and names the sitemap', async () => {
    const { request } = await testApp();
    const txt = await (await request('/robots.txt')).text();
    expect(txt).toContain('Disallow: /admin/');
    expect(txt).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
  });

  test('the favicon, touch icon and 1200×630 sharing image exist', async () => {
    const { request } = await testApp();
    for (const path of ['/static/images/favicon.svg', '/static/images/apple-touch-icon.png', '/static/images/og-default.png']) {
      expect((await request(path)).status, path).toBe(200);
    }
    const png = new Uint8Array(await (await request('/static/images/og-default.png')).arrayBuffer());
    const view = new DataView(png.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});
