// `bun run bench:interaction`: how fast each control answers a tap, as a visitor on a mid-range phone
// feels it. Chromium as a phone (390×844, touch, the CPU slowed 4× through the DevTools protocol), the
// server on loopback (no network delay counts). For each control, BENCH_RUNS runs (5) in a fresh context,
// the tap right after the page's load event and again 3 s after: milliseconds from the touch (the
// event's own time stamp) to the frame after the one that painted the answer (an attribute, the page starting to
// scroll, new content); and the INP that `web-vitals` reports for the same session. Then the lost-tap
// check (20 tries: arriving by /#contact, Next tapped 0.1–0.8 s after load) and three quick Next taps
// 100 ms apart. Writes bench/results/interaction.md. Never part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROME_FLAGS } from '../tests/helpers/browser.ts';
import { median, pin, startProcess } from './tools.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE = 4;
const LOST_TAP_TRIES = Number(process.env.BENCH_LOST_TRIES ?? 20);
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WEB_VITALS = await Bun.file(join(import.meta.dir, '../node_modules/web-vitals/dist/web-vitals.iife.js')).text();

// In every page, before its own scripts: the time of the first touch or key (the event's time stamp, set
// when the input arrived, even if the page was busy), a watcher that resolves once a condition holds on
// screen, and web-vitals' INP.
const PROBE = `
${WEB_VITALS}
window.__bench = { downAt: null, keyAt: null, inp: null };
addEventListener('pointerdown', (e) => { if (window.__bench.downAt === null) window.__bench.downAt = e.timeStamp; }, { capture: true });
addEventListener('keydown', (e) => { window.__bench.keyAt = e.timeStamp; if (window.__bench.downAt === null) window.__bench.downAt = e.timeStamp; }, { capture: true });
window.__watch = (source) => new Promise((resolve, reject) => {
  const holds = new Function('return (' + source + ')');
  const giveUp = performance.now() + 10000;
  // The frame in which the answer is first in the DOM paints it; the next frame starts after that paint,
  // so its time stamp is when the answer was surely on screen (at most one frame late, never early).
  // The input's time stamps go with it: a control whose answer leaves the page (the intake) takes them along.
  const tick = (frame) => (holds() ? requestAnimationFrame((t) => resolve({ frame: t, downAt: window.__bench.downAt, keyAt: window.__bench.keyAt, inp: window.__bench.inp })) : frame > giveUp ? reject(new Error('no answer within 10 s: ' + source)) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
});
webVitals.onINP((m) => { window.__bench.inp = m.value; }, { reportAllChanges: true });
`;

type Control = {
  name: string;
  path: string;
  /** Before the tap (filling a form, scrolling to the control): not measured. */
  prepare?: (page: Page) => Promise<void>;
  /** What is tapped. */
  target: (page: Page) => ReturnType<Page['locator']>;
  /** A JavaScript expression that turns true when the answer is on screen. */
  answered: string;
  /**
   * Type these keys after the tap, 50 ms apart as a quick thumb does (the glossary search): the answer is
   * to the typing, so it is timed from the last key to the frame that shows the whole word's result.
   */
  type?: string;
};

const visible = (selector: string) => `[...document.querySelectorAll(${JSON.stringify(selector)})].some((el) => el.getClientRects().length > 0)`;
const buttonSays = (text: string) =>
  `[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === ${JSON.stringify(text)} && b.getClientRects().length > 0)`;

const ONLY = process.env.BENCH_ONLY?.split(',');

const ALL_CONTROLS: Control[] = [
  {
    name: 'header menu',
    path: '/services',
    target: (p) => p.locator('[data-menu-button]'),
    answered: `document.querySelector('#site-menu').matches(':popover-open')`,
  },
  {
    name: 'hero button',
    path: '/',
    prepare: async (p) => {
      await p.evaluate(() => {
        (window as unknown as { __y: number }).__y = scrollY;
      });
    },
    target: (p) => p.locator('[data-hero-variant] a[href="#contact"]'),
    answered: 'scrollY > window.__y',
  },
  {
    name: 'audit Next',
    path: '/#contact',
    target: (p) => p.locator('[data-wizard] [role="button"]:visible', { hasText: 'Next' }),
    answered: `document.querySelector('[data-step-radio="2"]').checked && ${visible('[data-step="2"]')}`,
  },
  {
    name: 'Generate Stories',
    path: '/blog',
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Generate Stories' }).first().scrollIntoViewIfNeeded();
    },
    target: (p) => p.getByRole('button', { name: 'Generate Stories' }).first(),
    answered: buttonSays('Close'),
  },
  {
    name: 'Generate All',
    path: '/social-generator',
    prepare: async (p) => {
      await p
        .getByLabel(/^Title/)
        .first()
        .fill('Five reviews a month for a local cleaner');
      await p
        .getByLabel(/^Content/)
        .first()
        .fill('Ask on the last day of the job, in person, and send the link that evening. A steady trickle of reviews beats a burst.');
      await p.getByRole('button', { name: 'Generate All' }).scrollIntoViewIfNeeded();
    },
    target: (p) => p.getByRole('button', { name: 'Generate All' }),
    answered: `${buttonSays('Generating...')} || document.querySelector('[aria-busy="true"]') !== null`,
  },
  {
    name: 'intake submit',
    path: '/q4-intake',
    prepare: async (p) => {
      const form = p.locator('form[action="/api/q4-intake"]');
      for (const [name, value] of [
        ['firstName', 'Amara'],
        ['lastName', 'Osei'],
        ['workEmail', 'amara@brightbroom.example'],
        ['mobile', '416-555-0123'],
        ['company', 'Bright Broom Cleaning'],
        ['city', 'Toronto'],
        ['biggestGoal', 'More recurring clients in Midtown.'],
      ])
        await form.locator(`[name="${name}"]`).fill(value);
      await form.locator('select[name="industry"]').selectOption('cleaners');
      await form.locator('select[name="monthlyMarketingBudget"]').selectOption('1000-2500');
      await form.locator('input[name="caslConsent"]').check();
      await form.locator('button[type="submit"]').scrollIntoViewIfNeeded();
    },
    target: (p) => p.locator('form[action="/api/q4-intake"] button[type="submit"]'),
    answered: `${buttonSays('Submitting...')} || location.pathname === '/q4-intake/thank-you'`,
  },
  {
    name: 'glossary search',
    path: '/what-is-digital-marketing',
    prepare: async (p) => {
      await p.getByRole('searchbox', { name: 'Search the glossary' }).scrollIntoViewIfNeeded();
    },
    target: (p) => p.getByRole('searchbox', { name: 'Search the glossary' }),
    type: 'seo',
    answered: `[...document.querySelectorAll('[data-glossary-term]')].every((t) => t.hidden === !t.dataset.search.includes('seo'))`,
  },
  {
    name: 'dashboard refresh',
    path: '/admin/ab-tests',
    prepare: async (p) => {
      await p.evaluate(() => {
        (window as unknown as { __loadedAt?: string }).__loadedAt = document.querySelector<HTMLElement>('[data-refresh-region]')?.dataset.loadedAt;
      });
    },
    target: (p) => p.getByRole('link', { name: 'Refresh' }),
    // The fresh figures on screen: the region read at a later time.
    answered: `document.querySelector('[data-refresh-region]').dataset.loadedAt !== window.__loadedAt`,
  },
];
const CONTROLS = ONLY ? ALL_CONTROLS.filter((c) => ONLY.includes(c.name)) : ALL_CONTROLS;

// One browser for the whole run, started again if it dies (a crashed GPU process on a busy VM takes it down).
const live: { browser: Browser | null } = { browser: null };
async function liveBrowser(): Promise<Browser> {
  if (!live.browser?.isConnected())
    live.browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS, headless: true });
  return live.browser;
}

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await liveBrowser()).newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    // The probe's watcher builds its condition with Function(); the site's policy forbids that (rightly).
    bypassCSP: true,
  });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return { context, page };
}

async function tapCenter(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the control is not on the page');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

type Sample = { ms: number; inp: number | null };

/**
 * One run of a control. A run that has not finished in 60 s (a page.evaluate caught by a navigation
 * can wait forever: Playwright's timeouts do not cover it) closes its context, which ends it, and is
 * run again, once; it is reported.
 */
async function measure(base: string, control: Control, waitMs: number, retry = true): Promise<Sample> {
  const { context, page } = await phone();
  page.setDefaultTimeout(20_000);
  const stuck = setTimeout(() => context.close().catch(() => {}), 60_000);
  try {
    return await measureIn(page, base, control, waitMs);
  } catch (error) {
    if (!retry) throw error;
    console.error(`${control.name}: run failed (${error instanceof Error ? error.message.split('\n')[0] : error}); trying again`);
    return measure(base, control, waitMs, false);
  } finally {
    clearTimeout(stuck);
    await context.close().catch(() => {});
  }
}

async function measureIn(page: Page, base: string, control: Control, waitMs: number): Promise<Sample> {
  await page.goto(base + control.path, { waitUntil: 'load' });
  if (waitMs) await page.waitForTimeout(waitMs);
  await control.prepare?.(page);
  await page.evaluate(() => {
    (window as unknown as { __bench: { downAt: number | null } }).__bench.downAt = null;
  });
  type Answer = { frame: number; downAt: number; keyAt: number; inp: number | null };
  const answered = page.evaluate((source) => (window as unknown as { __watch: (s: string) => Promise<Answer> }).__watch(source), control.answered);
  await tapCenter(page, control.target(page));
  if (control.type) await page.keyboard.type(control.type, { delay: 50 });
  const { frame, downAt, keyAt, inp } = await answered;
  // INP is reported once the interaction's frame is done: give it that frame (on the same page, if it stayed).
  await page.waitForTimeout(300);
  const after = await page.evaluate(() => (window as unknown as { __bench: { inp: number | null } }).__bench.inp).catch(() => null);
  return { ms: frame - (control.type ? keyAt : downAt), inp: after ?? inp };
}

/** Arriving by /#contact, Next tapped 0.1–0.8 s after load: did the form reach step 2? */
async function lostTaps(base: string): Promise<{ tries: number; lost: number }> {
  let lost = 0;
  for (let i = 0; i < LOST_TAP_TRIES; i++) {
    const { context, page } = await phone();
    try {
      await page.goto(`${base}/#contact`, { waitUntil: 'load' });
      await page.waitForTimeout(100 + (700 * i) / Math.max(1, LOST_TAP_TRIES - 1));
      await tapCenter(page, page.locator('[data-wizard] [role="button"]:visible', { hasText: 'Next' }));
      const reached = await page
        .waitForFunction(() => (document.querySelector('[data-step-radio="2"]') as HTMLInputElement | null)?.checked === true, null, { timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      if (!reached) lost++;
    } finally {
      await context.close().catch(() => {});
    }
  }
  return { tries: LOST_TAP_TRIES, lost };
}

/** Three quick Next taps at one spot, 100 ms apart: the last step, and nothing else touched. */
async function quickTaps(base: string): Promise<{ step: number; changed: string[] }> {
  const { context, page } = await phone();
  try {
    await page.goto(`${base}/#contact`, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    const state = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-wizard] input:not([data-step-radio]), [data-wizard] select')].map(
          (el) => `${el.name}=${el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.checked : el.value}`,
        ),
      );
    const before = await state();
    const box = await page.locator('[data-wizard] [role="button"]:visible', { hasText: 'Next' }).boundingBox();
    if (!box) throw new Error('no Next');
    for (let i = 0; i < 3; i++) {
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(1000);
    const step = await page.evaluate(() => Number((document.querySelector('[data-step-radio]:checked') as HTMLInputElement | null)?.value ?? 0));
    const after = await state();
    return { step, changed: after.filter((v, i) => v !== before[i]) };
  } finally {
    await context.close().catch(() => {});
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tlm-bench-interaction-'));
const server = await startProcess(pin(0, ['bun', 'server.ts']), { NODE_ENV: 'production', PORT: '0', RATE_LIMITS: 'off', DATABASE_URL: '', DATA_DIR: dataDir });
for (let i = 0; i < 600 && (await fetch(`${server.url}/healthz`).catch(() => null))?.status !== 200; i++) await Bun.sleep(100);
const rows: string[] = [];
const worst = (xs: number[]) => Math.max(...xs);
const fmt = (xs: number[]) => `${Math.round(median(xs))} / ${Math.round(worst(xs))}`;
try {
  // One warm-up page, so the first measured run does not pay for the server's first renders.
  for (const control of CONTROLS) await fetch(server.url + control.path);
  for (const control of CONTROLS) {
    const results: Record<'now' | 'later', Sample[]> = { now: [], later: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const [when, waitMs] of [
        ['now', 0],
        ['later', 3000],
      ] as const) {
        const sample = await measure(server.url, control, waitMs);
        results[when].push(sample);
        console.error(`${control.name} ${when} run ${run + 1}: ${Math.round(sample.ms)} ms, INP ${sample.inp ?? '-'}`);
      }
    }
    const inps = [...results.now, ...results.later].map((s) => s.inp).filter((x): x is number => x !== null);
    rows.push(`| ${control.name} | ${fmt(results.now.map((s) => s.ms))} | ${fmt(results.later.map((s) => s.ms))} | ${inps.length ? fmt(inps) : 'n/a'} |`);
    console.log(rows.at(-1));
  }
  const lost = await lostTaps(server.url);
  const quick = await quickTaps(server.url);
  const report = `# Interaction on a phone

${new Date().toISOString().slice(0, 10)}: Chromium ${(await liveBrowser()).version()}, 390×844, touch, CPU ${THROTTLE}× slower (Emulation.setCPUThrottlingRate),
server on loopback (pinned to core 0). ${RUNS} runs each, a fresh context per run. Milliseconds from the touch (the
event's own time stamp) to the frame after the one that painted the answer (at most one frame late, never early); INP as web-vitals reports it for the same session.

| control | right after load: median / worst (ms) | 3 s after load: median / worst (ms) | INP: median / worst (ms) |
|---|---|---|---|
${rows.join('\n')}

Lost taps, arriving by \`/#contact\` and tapping Next 0.1–0.8 s after load: **${lost.lost} of ${lost.tries}**.

Three quick Next taps, 100 ms apart at one spot: ended on **step ${quick.step}**; other controls changed: **${quick.changed.length ? quick.changed.join(', ') : 'none'}**.
`;
  await Bun.write('bench/results/interaction.md', report);
  console.log(report);
} finally {
  await live.browser?.close();
  server.proc.kill('SIGTERM');
  await server.proc.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
