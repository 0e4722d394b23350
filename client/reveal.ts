// Bringing something the visitor just asked for into view, for eyes and for screen readers alike.

/** How much of an element must show below the fixed header for it to count as on screen. */
const ON_SCREEN_PX = 48;

/**
 * Scrolls `element` to the top of the screen (below the fixed header: give it a scroll margin) only when
 * its top is off screen, hidden under the header, or too near the bottom edge to be seen; then moves
 * focus to it without scrolling again (make it focusable: tabIndex -1), so a screen reader reads it
 * next. The scroll follows the page's scroll-behavior (smooth unless the visitor prefers reduced motion).
 */
export function revealAndFocus(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top;
  const headerBottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  if (top < headerBottom || top > window.innerHeight - ON_SCREEN_PX) element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}
