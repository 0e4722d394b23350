// The one script every page loads with the HTML; it has no dependencies (build.ts checks). Islands that
// do not hydrate with the page wait here, as server-rendered HTML that works on its own as far as HTML
// can (links, forms, the audit's steps), and import their bundle:
// - `data-hydrate="idle"`: soon after the page has loaded, when the browser is idle, one island at a
//   time (the nearest to the screen first, each hydration given its own idle turn, so no task of ours
//   blocks a tap for long); at once when the visitor touches it first. Until it has hydrated, an island
//   marked `data-hold` (its controls need React) holds every click and replays them in order once it has:
//   no tap is lost, and none lands out of order;
// - `data-hydrate="alongside"` (the Toaster) hydrates with the first other island.
// It also reports A/B exposures and clicks: an element marked `data-ab-view` (a variant's assignment ids,
// as JSON) sends one `view` event the first time it is on screen, and one marked `data-ab-click` a
// `click` event when clicked, with no React needed; it enhances the phone menu (a native popover), and
// shows a visitor outside Toronto's time their own time beside the booking pages' times.

const TOUCH = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

function load(el: HTMLElement): void {
  if (el.hasAttribute('data-loading')) return;
  el.setAttribute('data-loading', '');
  if (el.dataset.hydrate !== 'alongside') loadCompanions();
  // The bundle's shared chunks download alongside it rather than after it is parsed.
  preload(el.dataset.preload);
  const src = el.dataset.src;
  if (src) import(/* @vite-ignore */ src).catch((error) => console.error(`Could not load island ${el.dataset.island}:`, error));
}

/** Islands that hydrate alongside the first other one (the Toaster). */
function loadCompanions(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="alongside"]')) load(el);
}

/** Starts fetching (and compiling) the modules named in a space-separated list, once each. */
function preload(list: string | undefined): void {
  for (const href of (list ?? '').split(' ').filter(Boolean)) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Calls `onSeen` once for each observed element, the first time it intersects. */
function observer(onSeen: (el: HTMLElement) => void, options: IntersectionObserverInit): (el: HTMLElement) => void {
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      onSeen(entry.target as HTMLElement);
    }
  }, options);
  return (el) => io.observe(el);
}

function loadOn(el: HTMLElement, types: readonly string[]): void {
  for (const type of types) el.addEventListener(type, () => load(el), { once: true, passive: true });
}

/** The nearest HTML element (a click on a button's icon lands on SVG, which has no click()). */
function htmlTarget(target: EventTarget | null): HTMLElement | null {
  let el = target instanceof Element ? target : null;
  while (el && !(el instanceof HTMLElement)) el = el.parentElement;
  return el;
}

/**
 * Holds every click on a not-yet-hydrated island (whose controls need React) and replays them in order,
 * on the elements they landed on, once React has taken over.
 */
function holdEarlyClicks(el: HTMLElement): void {
  const held: HTMLElement[] = [];
  // Said on the island, as data-loading and data-hydrated are: from here on no click on it is lost.
  el.setAttribute('data-holding', '');
  el.addEventListener(
    'click',
    (event) => {
      if (el.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const target = htmlTarget(event.target);
      if (target) held.push(target);
      load(el);
    },
    { capture: true },
  );
  void hydrated(el).then(() => {
    for (const target of held.splice(0)) target.click();
  });
}

/** Waits for an idle moment (or, where the browser cannot say, a short pause). */
const idle = () =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 50)));

/** Resolves once the island has hydrated (mount() marks it `data-hydrated`). */
const hydrated = (el: HTMLElement) =>
  new Promise<void>((resolve) => {
    if (el.hasAttribute('data-hydrated')) return resolve();
    const watcher = new MutationObserver(() => {
      if (!el.hasAttribute('data-hydrated')) return;
      watcher.disconnect();
      resolve();
    });
    watcher.observe(el, { attributes: true, attributeFilter: ['data-hydrated'] });
  });

/** How far an island is from the screen (0 when on it): the nearest hydrates first. */
function distance(el: HTMLElement): number {
  const box = el.getBoundingClientRect();
  return box.bottom < 0 ? -box.bottom : box.top > innerHeight ? box.top - innerHeight : 0;
}

/** After load, when idle: each waiting island in turn, nearest first, each in its own idle turn. */
async function hydrateWhenIdle(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  const waiting = [...document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="idle"]')];
  waiting.sort((a, b) => distance(a) - distance(b));
  for (const el of waiting) {
    await idle();
    load(el);
    // At most 10 s each, so one island that fails never stops the others.
    await Promise.race([hydrated(el), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}

/**
 * POST /api/ab-test/event for a marked element (`marker`: its data-ab-view or data-ab-click JSON); a
 * failure is ignored (tracking never breaks the page). `keepalive` lets it finish when the click leaves
 * the page.
 */
function sendEvent(marker: string | undefined, eventType: 'view' | 'click'): void {
  const { testId, variantId, eventData } = JSON.parse(marker ?? '{}') as { testId?: string; variantId?: string; eventData?: object };
  if (!testId || !variantId) return;
  fetch('/api/ab-test/event', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ testId, variantId, eventType, eventData }),
  }).catch(() => {});
}

const sendView = (el: HTMLElement) => sendEvent(el.dataset.abView, 'view');

/** A click on a variant's call to action (data-ab-click) records one A/B `click`, with or without React. */
function trackClicks(): void {
  document.addEventListener(
    'click',
    (event) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-ab-click]') : null;
      if (el) sendEvent(el.dataset.abClick, 'click');
    },
    { capture: true, passive: true },
  );
}

const onScreen = observer(sendView, { threshold: 0 });

/**
 * The phone menu is a native popover (components/Header.tsx): it opens, closes on Escape or a tap
 * outside, gives focus back, and its button is expanded or collapsed, with no script. Here: choosing
 * one of its links closes it (a link to #contact on the same page would otherwise leave it open).
 */
function enhanceMenus(): void {
  for (const menu of document.querySelectorAll<HTMLElement>('[popover][data-site-menu]'))
    menu.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) menu.hidePopover();
    });
}

/**
 * Buttons that are a label's content (the audit's Next and Previous: islands/AuditWizard.tsx) answer
 * Enter and Space as buttons do: the click reaches the label, which checks its control.
 */
function labelButtons(): void {
  document.addEventListener('keydown', (event) => {
    const el = event.target;
    if (!(el instanceof HTMLElement) || el.getAttribute('role') !== 'button' || !el.closest('label[for]') || (event.key !== 'Enter' && event.key !== ' '))
      return;
    event.preventDefault();
    el.click();
  });
}

/**
 * A Refresh link (\`data-refresh\`) inside a region (\`data-refresh-region\`) fetches its page and swaps in
 * that page's region, instead of loading the whole page again: the fresh figures paint in a few frames
 * and the reader keeps their place. Anything unexpected falls back to following the link.
 */
function enhanceRefresh(): void {
  document.addEventListener('click', async (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-refresh]') : null;
    const region = link?.closest<HTMLElement>('[data-refresh-region]');
    if (!link || !region || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    region.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(link.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      const fresh = response.ok ? new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('[data-refresh-region]') : null;
      if (!fresh) throw new Error(`refresh answered ${response.status}`);
      region.replaceWith(document.importNode(fresh, true));
    } catch {
      location.assign(link.href);
    }
  });
}

/**
 * Times on the booking pages are Toronto's (\`<time datetime>\` inside \`data-local-times\`); a visitor whose
 * clock shows another time there also sees their own under each, and the note \`data-local-zone\` says
 * which zone that is. Compared by the time shown, not the zone's name (America/Nipigon is Toronto's).
 */
function localTimes(): void {
  const lists = document.querySelectorAll<HTMLElement>('[data-local-times]');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (lists.length === 0 || !zone) return;
  const clock = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const here = clock(zone);
  const toronto = clock('America/Toronto');
  let differs = false;
  for (const list of lists)
    for (const time of list.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
      const at = new Date(time.dateTime);
      if (Number.isNaN(at.getTime()) || here.format(at) === toronto.format(at) || time.nextElementSibling?.hasAttribute('data-local')) continue;
      differs = true;
      const local = document.createElement('span');
      local.setAttribute('data-local', '');
      local.className = 'block text-xs leading-tight font-normal text-slate-500';
      // "8:30 p.m. your time", on the clock the page writes Toronto's times in (formatClockTime in lib/time/display.ts: the
      // loader imports nothing); it breaks, in a phone's time button, only between the time and "your time".
      const [hour, minute] = here.format(at).split(':');
      local.textContent = `${+hour % 12 || 12}:${minute}\u00a0${+hour < 12 ? 'a' : 'p'}.m. your\u00a0time`;
      time.after(local);
    }
  const note = document.querySelector<HTMLElement>('[data-local-zone]');
  if (differs && note) {
    note.textContent = `Under each: your own time (${zone.replace(/_/g, ' ')}).`;
    note.hidden = false;
  }
}

function start(): void {
  enhanceMenus();
  localTimes();
  enhanceRefresh();
  trackClicks();
  labelButtons();
  for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="idle"]')) {
    loadOn(el, TOUCH);
    if (el.hasAttribute('data-hold')) holdEarlyClicks(el);
  }
  // An island that hydrates with the page brings its companions with it.
  if (document.querySelector('[data-island]:not([data-hydrate])')) loadCompanions();
  for (const el of document.querySelectorAll<HTMLElement>('[data-ab-view]')) onScreen(el);
  void hydrateWhenIdle();
  markReadyIfHydrated();
  document.addEventListener('island-hydrated', markReadyIfHydrated);
}

/**
 * The page is ready (`data-islands-ready`, what browser tests wait for) once every island has hydrated
 * (those that wait for idle time too). Decided here only: mount() sends `island-hydrated` after each.
 */
function markReadyIfHydrated(): void {
  if (document.querySelector('[data-island]:not([data-hydrated])')) return;
  document.documentElement.setAttribute('data-islands-ready', '');
}

// This is an async module script: it can run before the parser reaches the islands (as mount() in
// client/islands/mount.tsx also guards against; the loader imports nothing, so the check is repeated here).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
