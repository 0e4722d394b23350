import { expect } from 'bun:test';
import type { testApp } from './app.ts';

// The home page's two A/B experiments as a test sees them: the hero's variant and ids (plain HTML, its
// data-ab-view marker) and the audit island's props, and the view events the loader sends for them
// (which store the visitor's assignments).

type Tracking = { testId: string; variantId: string } | null;

/** The two islands' props as the HTML carries them. */
export function islandProps(html: string) {
  const props = (name: string) => {
    const m = html.match(new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`));
    if (!m) throw new Error(`no ${name} island`);
    return JSON.parse(m[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  };
  const heroTag = html.match(/<div[^>]*data-hero-variant="[^"]*"[^>]*>/)?.[0];
  if (!heroTag) throw new Error('no hero');
  const attr = (name: string) =>
    heroTag
      .match(new RegExp(`${name}="([^"]*)"`))?.[1]
      ?.replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
  const view = attr('data-ab-view');
  return {
    hero: { variant: attr('data-hero-variant'), tracking: view ? JSON.parse(view) : null } as { variant: string; tracking: Tracking },
    form: props('AuditWizard') as { config: { formTitle: string }; tracking: Tracking },
  };
}

/** What the islands do once hydrated: one view event per tracked test. */
export async function sendViews(t: Awaited<ReturnType<typeof testApp>>, html: string, headers: Record<string, string>) {
  const { hero, form } = islandProps(html);
  for (const tracking of [hero.tracking, form.tracking]) {
    const res = await t.postJson('/api/ab-test/event', { ...tracking, eventType: 'view' }, headers);
    expect(res.status).toBe(201);
  }
}
