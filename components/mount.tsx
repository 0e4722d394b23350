import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './island-root.tsx';

/**
 * Client side of an island: hydrates every not-yet-hydrated element marked for this island with the
 * props the server wrote. Islands use jotai's default store (no Provider), so they share state.
 * Marks each island `data-hydrated` after commit, and the document `data-islands-ready` once every
 * island that loads with the page has hydrated (the others hydrate later, when needed).
 */
export function mount(name: string, Component: ComponentType<any>): void {
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
      markReadyWhenAllHydrated();
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

function markReadyWhenAllHydrated(): void {
  // Islands marked data-hydrate wait for the loader (components/island-loader.ts) and hydrate later.
  if (document.querySelector('[data-island]:not([data-hydrated]):not([data-hydrate])')) return;
  document.documentElement.setAttribute('data-islands-ready', '');
}
