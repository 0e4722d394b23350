import type { FC } from 'react';
import type { PageMeta } from '../lib/page-meta.ts';
import type { AppContext } from './app-env.ts';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

/**
 * A page: its meta (fixed, or from its data), an optional loader that runs before render, and a
 * component that is a pure function of the loaded data.
 */
export type PageDefinition<D extends object> = {
  meta: PageMeta | ((data: D) => PageMeta);
  load?: (c: AppContext) => Promise<D> | D;
  Component: FC<D>;
};

export function definePage<D extends object = Record<string, never>>(page: PageDefinition<D>): PageDefinition<D> {
  return page;
}

export function pageHandler<D extends object>(page: PageDefinition<D>, status: 200 | 404 = 200) {
  return async (c: AppContext) => {
    const data = page.load ? await page.load(c) : ({} as D);
    const meta = typeof page.meta === 'function' ? page.meta(data) : page.meta;
    c.status(status);
    return c.render(<page.Component {...data} />, { meta });
  };
}
