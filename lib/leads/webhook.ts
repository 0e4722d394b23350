import { sourceOf } from './attribution.ts';
import type { LeadNotice } from './emails.ts';
import { type LeadKind, leadPath } from './pipeline.ts';

// The body of the lead webhook (Standard Webhooks: an event `type`, a `timestamp` and the `data`). The
// same lead always gives the same bytes, so every retry of a delivery carries the same body under the
// same webhook-id, and a receiver can drop the copies.

export type LeadWebhookBody = {
  type: 'lead.created';
  timestamp: string;
  data: {
    type: LeadKind;
    id: string;
    createdAt: string;
    name: string;
    business: string;
    email: string;
    phone: string | null;
    score: number | null;
    tier: string | null;
    budget: string | null;
    source: { source: string; medium: string; campaign: string | null; referrer: string | null; landing: string | null; touchedAt: string | null };
    url: string;
  };
};

/** The webhook-id of a lead's webhook: the same on every retry. */
export const leadWebhookId = (notice: Pick<LeadNotice, 'kind' | 'id'>) => `msg_lead_${notice.kind}_${notice.id}`;

export function leadWebhookBody(notice: LeadNotice, siteUrl: string): LeadWebhookBody {
  const touch = notice.firstTouch;
  const { source, medium } = sourceOf(touch);
  return {
    type: 'lead.created',
    timestamp: notice.createdAt.toISOString(),
    data: {
      type: notice.kind,
      id: notice.id,
      createdAt: notice.createdAt.toISOString(),
      name: `${notice.firstName} ${notice.lastName}`,
      business: notice.business,
      email: notice.email,
      phone: notice.phone,
      score: notice.audit?.score ?? null,
      tier: notice.audit?.tier ?? null,
      budget: notice.application?.budget ?? null,
      source: {
        source,
        medium,
        campaign: touch?.utm_campaign ?? null,
        referrer: touch?.referrer ?? null,
        landing: touch?.landing ?? null,
        touchedAt: touch?.at ?? null,
      },
      url: `${siteUrl}${leadPath(notice.kind, notice.id)}`,
    },
  };
}

/**
 * The webhook that tells the receiver a lead was erased (on request, or at the end of its retention
 * time), so it deletes its own copy: which lead and when, nothing personal. Built from the stored
 * erasure time, so every retry carries the same bytes.
 */
export type LeadErasedWebhookBody = {
  type: 'lead.erased';
  timestamp: string;
  data: { type: LeadKind; id: string; erasedAt: string };
};

/** The erasure webhook's webhook-id: its own, the same on every retry. */
export const leadErasedWebhookId = (lead: { kind: LeadKind; id: string }) => `msg_lead_erased_${lead.kind}_${lead.id}`;

export function leadErasedWebhookBody(lead: { kind: LeadKind; id: string; erasedAt: Date }): LeadErasedWebhookBody {
  const at = lead.erasedAt.toISOString();
  return { type: 'lead.erased', timestamp: at, data: { type: lead.kind, id: lead.id, erasedAt: at } };
}
