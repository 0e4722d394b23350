// The one script every page loads with the HTML; it has no dependencies (build.ts checks). Islands that
// do not hydrate with the page wait here, as server-rendered HTML, and import their bundle only when
// needed, so React is not even downloaded for a visitor who only reads:
// - `data-hydrate="visible"`: when the island comes near the viewport, or is touched;
// - `data-hydrate="interaction"`: when it is touched (pointer, touch, focus, key; a mouse over it on a
//   desktop starts the download early). A click that lands before it has hydrated is held and replayed
//   on the same element once it has, so the first tap on a menu button or a link is never lost;
// - `data-hydrate="alongside"` (the Toaster) hydrates with the first other island.
// It also reports A/B exposures and clicks: an element marked `data-ab-view` (a variant's assignment ids,
// as JSON) sends one `view` event the first time it is on screen, and one marked `data-ab-click` a
// `click` event when clicked, with no React needed; and it enhances the phone menu (a native popover).

const TOUCH = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;
const INTENT = [...TOUCH, 'pointerover'] as const;

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

/**
 * Fetches the modules named in a space-separated list, once each: `modulepreload` also parses and
 * compiles them (for an island about to run), `prefetch` only puts them in the HTTP cache (ahead of a
 * tap that may never come, at no cost to the main thread).
 */
function preload(list: string | undefined, rel: 'modulepreload' | 'prefetch' = 'modulepreload'): void {
  for (const href of (list ?? '').split(' ').filter(Boolean)) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = rel;
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

const nearViewport = observer(load, { rootMargin: '400px 0px' });

function loadOn(el: HTMLElement, types: readonly string[]): void {
  for (const type of types) el.addEventListener(type, () => load(el), { once: true, passive: true });
}

/** Holds a click on a not-yet-hydrated island and replays it on its target once React has taken over. */
function holdEarlyClicks(el: HTMLElement): void {
  let held: HTMLElement | null = null;
  el.addEventListener(
    'click',
    (event) => {
      if (el.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // The nearest HTML element (a click on a button's icon lands on SVG, which has no click()).
      let target = event.target instanceof Element ? event.target : null;
      while (target && !(target instanceof HTMLElement)) target = target.parentElement;
      held = target;
      load(el);
    },
    { capture: true },
  );
  new MutationObserver((_, watcher) => {
    if (!el.hasAttribute('data-hydrated')) return;
    watcher.disconnect();
    held?.click();
    held = null;
  }).observe(el, { attributes: true, attributeFilter: ['data-hydrated'] });
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
 * outside, and gives focus back, with no script. Here: its button says whether it is open, and choosing
 * one of its links closes it (a link to #contact on the same page would otherwise leave it open).
 */
function enhanceMenus(): void {
  for (const menu of document.querySelectorAll<HTMLElement>('[popover][data-site-menu]')) {
    const button = document.querySelector<HTMLElement>(`[popovertarget="${menu.id}"]`);
    const say = (open: boolean) => {
      button?.setAttribute('aria-expanded', String(open));
      button?.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    };
    // It may have been opened before this script ran.
    say(menu.matches(':popover-open'));
    menu.addEventListener('toggle', (event) => say((event as ToggleEvent).newState === 'open'));
    menu.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) menu.hidePopover();
    });
  }
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

function start(): void {
  enhanceMenus();
  trackClicks();
  labelButtons();
  for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate]')) {
    const mode = el.dataset.hydrate;
    if (mode === 'visible') {
      nearViewport(el);
      loadOn(el, TOUCH);
    } else if (mode === 'interaction') {
      loadOn(el, INTENT);
      holdEarlyClicks(el);
    }
  }
  // An island that hydrates with the page brings its companions with it.
  if (document.querySelector('[data-island]:not([data-hydrate])')) loadCompanions();
  for (const el of document.querySelectorAll<HTMLElement>('[data-ab-view]')) onScreen(el);
  // Once the page has loaded and the browser is idle, islands that wait for a touch are downloaded (not
  // parsed or run), so the first tap answers without a network round trip.
  const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200));
  const prefetch = () => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="interaction"]:not([data-loading])')) {
      // Not for an island the layout hides (the phone menu on a desktop screen).
      if (el.getClientRects().length) preload(`${el.dataset.src ?? ''} ${el.dataset.preload ?? ''}`, 'prefetch');
    }
  };
  if (document.readyState === 'complete') idle(prefetch);
  else window.addEventListener('load', () => idle(prefetch), { once: true });
  markReadyIfHydrated();
  document.addEventListener('island-hydrated', markReadyIfHydrated);
}

/**
 * The page is ready (`data-islands-ready`, what browser tests wait for) once every island that hydrates
 * with the page has hydrated; the others hydrate later, when needed. Decided here only: mount() sends
 * `island-hydrated` after each hydration.
 */
function markReadyIfHydrated(): void {
  if (document.querySelector('[data-island]:not([data-hydrate]):not([data-hydrated])')) return;
  document.documentElement.setAttribute('data-islands-ready', '');
}

// This is an async module script: it can run before the parser reaches the islands (as mount() in
// client/islands/mount.tsx also guards against; the loader imports nothing, so the check is repeated here).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
