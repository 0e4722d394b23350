import type { Sql } from 'postgres';
import type { ExportNote, StaffExportLead } from '../../lib/leads/export.ts';
import type { InboxFilters } from '../../lib/leads/schema.ts';
import { findAudits } from './audits.ts';
import { nameFromEmail } from './booking-settings.ts';
import { findIntakeApplications } from './intake.ts';
import { type ExportedLead, leadsForExport } from './leads.ts';

// What the staff export (lib/leads/export.ts) adds to each batch of leadsForExport: the submissions'
// answers, a booking lead's phone, the people's next actions and the staff notes. Short queries per batch
// of 1,000, each on a primary key or an index, so the export still holds one batch in memory and keeps
// its keyset paging.

type Key = { kind: string; id: string };
const keyOf = (l: Key) => `${l.kind}/${l.id}`;

/**
 * The staff notes on the leads, oldest first: note events, and status changes made with a note. Each
 * by its author's booking name when they set one, else the name in their email ("priya.shah" → "Priya Shah").
 * Erasure blanks a lead's notes (db/queries/erasure.ts), so an erased lead has none.
 */
async function notesOf(sql: Sql, leads: readonly ExportedLead[]): Promise<Map<string, ExportNote[]>> {
  const rows = await sql<{ leadKind: string; leadId: string; at: Date; actorEmail: string; displayName: string | null; note: string }[]>`
    select e.lead_kind, e.lead_id, e.at, e.actor_email, s.display_name, e.note
    from lead_events e left join booking_settings s on s.user_id = e.actor_id
    where e.lead_kind = any(${[...new Set(leads.map((l) => l.kind))]}) and e.lead_id = any(${leads.map((l) => l.id)})
      and e.kind in ('note', 'status') and e.note is not null and e.actor_email is not null
    order by e.at, e.id`;
  const byLead = new Map<string, ExportNote[]>();
  for (const r of rows) {
    const key = keyOf({ kind: r.leadKind, id: r.leadId });
    byLead.set(key, [...(byLead.get(key) ?? []), { at: r.at, author: r.displayName || nameFromEmail(r.actorEmail), note: r.note }]);
  }
  return byLead;
}

/** A booking lead's phone: from its earliest session that gave one (the lead page shows the first session's). */
async function bookingPhonesOf(sql: Sql, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ leadId: string; phone: string }[]>`
    select distinct on (lead_id) lead_id, phone from bookings
    where lead_kind = 'booking' and lead_id = any(${ids as string[]}) and phone is not null
    order by lead_id, starts_at`;
  return new Map(rows.map((r) => [r.leadId, r.phone]));
}

/**
 * The next action of each person, by the id a lead names: a merged person's actions live on the person it
 * was merged into (merges are flattened, so that is one step: migration 0012).
 */
async function nextActionsOf(sql: Sql, personIds: readonly string[]): Promise<Map<string, { due: Date | null; what: string | null }>> {
  if (personIds.length === 0) return new Map();
  const rows = await sql<{ id: string; due: Date | null; what: string | null }[]>`
    select p.id, root.next_action_due as due, root.next_action_what as what
    from people p join people root on root.id = coalesce(p.merged_into, p.id)
    where p.id = any(${personIds as string[]})`;
  return new Map(rows.map((r) => [r.id, { due: r.due, what: r.what }]));
}

/** Every lead the filters choose, newest first, a batch at a time, each with what the staff export writes. */
export async function* leadsForStaffExport(
  sql: Sql,
  filters: InboxFilters,
  ctx: { staffId: string; now: Date; timeZone: string },
): AsyncGenerator<StaffExportLead[]> {
  for await (const batch of leadsForExport(sql, filters, ctx)) {
    const idsOf = (kind: string) => batch.filter((l) => l.kind === kind && !l.erasedAt).map((l) => l.id);
    const personIds = [...new Set(batch.flatMap((l) => (l.personId ? [l.personId] : [])))];
    const [audits, applications, phones, actions, notes] = await Promise.all([
      idsOf('audit').length ? findAudits(sql, idsOf('audit')) : [],
      idsOf('intake').length ? findIntakeApplications(sql, idsOf('intake')) : [],
      // Only leads stored before leads kept the phone need their sessions'.
      bookingPhonesOf(
        sql,
        batch.filter((l) => l.kind === 'booking' && !l.erasedAt && !l.phone).map((l) => l.id),
      ),
      nextActionsOf(sql, personIds),
      notesOf(sql, batch),
    ]);
    const audit = new Map(audits.map((a) => [a.id, a]));
    const application = new Map(applications.map((a) => [a.id, a]));
    yield batch.map((l) => ({
      ...l,
      audit: l.kind === 'audit' ? (audit.get(l.id) ?? null) : null,
      application: l.kind === 'intake' ? (application.get(l.id) ?? null) : null,
      bookingPhone: l.kind === 'booking' ? (phones.get(l.id) ?? null) : null,
      nextAction: l.personId ? (actions.get(l.personId) ?? null) : null,
      notes: notes.get(keyOf(l)) ?? [],
    }));
  }
}
