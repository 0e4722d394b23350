import { createStore, Provider as StoreProvider } from 'jotai';
import type { ComponentProps } from 'react';
import { type Hydration, type IslandName, islands } from '../../client/islands/registry.ts';
import { IslandRoot } from '../../client/islands/root.tsx';
import { usePageRender } from './render-context.ts';

/** What island `N` takes: plain JSON, as the page passes it to `<Island name={N} props={…} />`. */
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]['component']>;

type Props<N extends IslandName> = {
  name: N;
  props: IslandProps<N>;
  /** When this instance hydrates, if not as the registry says (e.g. at once when it must fetch on mount). */
  hydrate?: Hydration;
  /** Classes for the island's wrapper <div>, for the layout around it (e.g. hidden from md up). */
  className?: string;
};

/**
 * Server side of an island: renders the component inline inside a marked <div> holding its props as
 * JSON. An island that hydrates with the page puts its module script and shared chunks into <head>
 * (React hoists them) once per page; any other names its bundle in `data-src` and `data-preload`, and
 * the page gets the dependency-free island loader, which imports it when the time comes.
 */
export function Island<N extends IslandName>({ name, props, hydrate, className }: Props<N>) {
  const { assets, islands: bookkeeping } = usePageRender();
  const asset = assets.islands[name];
  if (!asset) throw new Error(`Island ${name} is missing from the build manifest; run bun run build`);
  const mode: Hydration = hydrate ?? islands[name].hydrate;
  const onDemand = mode !== 'load';
  // Island code is never needed for the first paint: the HTML is complete without it. Low priority
  // keeps it off the critical path (Lighthouse's simulation counts high-priority scripts that load
  // before the first paint as blocking it); the browser still fetches it at once.
  const unseen = (files: string[]) => files.filter((file) => !bookkeeping.files.has(file) && bookkeeping.files.add(file));
  const scripts = unseen(onDemand ? [assets.loader] : [asset.file]);
  const preloads = unseen(onDemand ? [] : asset.imports);
  bookkeeping.count += 1;
  bookkeeping.used.add(name);
  const id = `i${bookkeeping.count}`;
  const Component = islands[name].component as React.ComponentType<Record<string, unknown>>;
  return (
    <>
      {scripts.map((file) => (
        <script key={file} type="module" src={file} async fetchPriority="low" />
      ))}
      {preloads.map((file) => (
        <link key={file} rel="modulepreload" href={file} fetchPriority="low" />
      ))}
      <div
        data-island={name}
        data-island-id={id}
        data-props={JSON.stringify(props)}
        data-hydrate={onDemand ? mode : undefined}
        data-hold={onDemand && islands[name].early === 'held' ? '' : undefined}
        data-src={onDemand ? asset.file : undefined}
        data-preload={onDemand && asset.imports.length ? asset.imports.join(' ') : undefined}
        className={className}
      >
        {/* A fresh jotai store per server render, so no state leaks between requests. In the browser,
            islands use jotai's default store (no Provider), which all islands on the page share. */}
        <StoreProvider store={createStore()}>
          <IslandRoot id={id}>
            <Component {...(props as Record<string, unknown>)} />
          </IslandRoot>
        </StoreProvider>
      </div>
    </>
  );
}
