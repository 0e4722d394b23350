// Loaded on pages with below-the-fold islands; has no dependencies. Each such island waits, as
// server-rendered HTML, until it comes near the viewport or the visitor touches it, and only then
// imports its bundle (which hydrates it). React is not even downloaded until then.

const TRIGGERS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

function load(el: HTMLElement): void {
  if (el.hasAttribute('data-loading')) return;
  el.setAttribute('data-loading', '');
  const src = el.dataset.src;
  if (src) import(/* @vite-ignore */ src).catch((error) => console.error(`Could not load island ${el.dataset.island}:`, error));
}

const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            load(entry.target as HTMLElement);
          }
        },
        { rootMargin: '400px 0px' },
      )
    : null;

function watchIslands(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="visible"]')) {
    if (observer) observer.observe(el);
    else load(el);
    for (const type of TRIGGERS) el.addEventListener(type, () => load(el), { once: true, passive: true });
  }
}

// This is an async module script: it can run before the parser reaches the islands (as mount() in
// components/mount.tsx also guards against; the loader imports nothing, so the check is repeated here).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watchIslands, { once: true });
else watchIslands();
