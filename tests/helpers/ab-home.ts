import { expect } from 'bun:test';
import type { testApp } from './app.ts';

// The home page's two A/B islands as a test sees them: their props in the HTML, and the view events
// the islands send once hydrated (which store the visitor's assignments).

type Tracking = { testId: string; variantId: string } | null;

/** The two islands' props as the HTML carries them. */
export function islandProps(html: string) {
  const props = (name: string) => {
    const m = html.match(new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`));
    if (!m) throw new Error(`no ${name} island`);
    return JSON.parse(m[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  };
  return {
    hero: props('HeroVariant') as { variant: string; tracking: Tracking },
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
