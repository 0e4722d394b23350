import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { HERO_VARIANT_NAMES, heroVariants } from '../../lib/ab/hero-variants.ts';
import { figures } from '../../lib/site.ts';
import { openPage, PHONE, serverAndBrowser, VISITOR_USER_AGENT } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(120_000);

const ctx = serverAndBrowser();
// The page names the variant shown (data-hero-variant) as the experiment does: Control, Variant A, Variant B.
const byName = new Map(HERO_VARIANT_NAMES.map((key) => [heroVariants[key].name, heroVariants[key]]));

describe('every hero variant on a 390 px phone', () => {
  test('the button is one line with its arrow beside the label, and the number of businesses served is said once', async () => {
    // Each new visitor is placed in one of the three variants (equal weight) and given a visitor cookie
    // with their first page. Meet new visitors (over plain HTTP: a browser per visitor costs seconds)
    // until all three variants were seen, then show each one's home page in the browser as theirs.
    const visitors = new Map<string, string>();
    for (let visitor = 0; visitor < 60 && visitors.size < HERO_VARIANT_NAMES.length; visitor++) {
      const res = await fetch(`${ctx.server.url}/`, { headers: { 'user-agent': VISITOR_USER_AGENT } });
      const variant = (await res.text()).match(/data-hero-variant="([^"]+)"/)?.[1];
      const vid = res.headers
        .getSetCookie()
        .join(';')
        .match(/(?:^|;)\s*vid=([^;]+)/)?.[1];
      expect({ variant: Boolean(variant), vid: Boolean(vid) }).toEqual({ variant: true, vid: true });
      if (!visitors.has(variant!)) visitors.set(variant!, vid!);
    }
    const seen = new Set<string>();
    for (const [assigned, vid] of visitors) {
      const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/`, PHONE, { userAgent: VISITOR_USER_AGENT, cookies: { vid } });
      const variant = (await page.locator('[data-hero-variant]').getAttribute('data-hero-variant')) as string;
      expect(variant).toBe(assigned);
      seen.add(variant);
      const cta = page.locator('[data-hero-variant] a[href="#contact"]');
      expect((await cta.textContent())?.trim()).toBe(byName.get(variant)?.ctaText);
      const layout = await cta.evaluate((a) => {
        const text = [...a.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())!;
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const label = range.getBoundingClientRect();
        const arrow = a.querySelector('svg')!.getBoundingClientRect();
        const box = a.getBoundingClientRect();
        return {
          lines: lines.size,
          arrowBesideLabel: arrow.left >= label.right && arrow.top >= label.top - 4 && arrow.bottom <= label.bottom + 4,
          insideViewport: box.left >= 0 && box.right <= window.innerWidth,
        };
      });
      expect({ variant, ...layout }).toEqual({ variant, lines: 1, arrowBesideLabel: true, insideViewport: true });
      const heroText = (await page.locator('[data-hero-variant]').innerText()).split(figures.businessesServed).length - 1;
      expect({ variant, mentions: heroText }).toEqual({ variant, mentions: 1 });
      expect(problems).toEqual([]);
      await context.close();
    }
    expect([...seen].sort()).toEqual([...byName.keys()].sort());
  });
});
