import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './root.tsx';

/**
 * Client side of an island: hydrates every not-yet-hydrated element marked for this island with the
 * props the server wrote. Islands use jotai's default store (no Provider), so they share state.
 * Marks each island `data-hydrated` after commit and tells the island loader, which marks the page
 * ready (loader.ts: the one place readiness is decided).
 */
export function mount(name: string, Component: ComponentType<Record<string, unknown>>): void {
  // Island bundles are async module scripts: from cache they can run before the parser has reached
  // the island's element. Wait for the whole document, so no island is missed.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mount(name, Component), { once: true });
    return;
  }
  const elements = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`);
  for (const el of elements) {
    const id = el.dataset.islandId ?? name;
    const props = JSON.parse(el.dataset.props ?? '{}');
    const onHydrated = () => {
      el.setAttribute('data-hydrated', '');
      document.dispatchEvent(new Event(ISLAND_HYDRATED));
    };
    startTransition(() => {
      hydrateRoot(
        el,
        <IslandRoot id={id} onHydrated={onHydrated}>
          <Component {...props} />
        </IslandRoot>,
        {
          onRecoverableError: (error) => console.error(`Hydration error in island ${name} (${id}):`, error),
          onUncaughtError: (error) => console.error(`Error in island ${name} (${id}):`, error),
        },
      );
    });
  }
}

/** The event an island's hydration sends to the loader (its name is repeated there: the loader imports nothing). */
const ISLAND_HYDRATED = 'island-hydrated';
