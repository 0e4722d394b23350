import type { Sql, TransactionSql } from 'postgres';
import type { SlotFields, SlotName } from '../../lib/content/slots.ts';

// Content slots in the database (migration 0018): the published version of each slot is its highest;
// every version is kept. Writes take the slot's row lock order by inserting the next version under a
// unique key, so two publishes at once cannot both become version N (the loser retries on conflict).

type Db = Sql | TransactionSql;

export type ContentVersion<S extends SlotName = SlotName> = {
  slot: S;
  version: number;
  fields: SlotFields[S];
  publishedBy: string | null;
  publishedAt: Date;
  reason: string;
};

/** Every slot's published fields, in one statement. */
export async function publishedSlots(sql: Db): Promise<Partial<SlotFields>> {
  const rows = await sql<{ slot: SlotName; fields: SlotFields[SlotName] }[]>`
    select distinct on (slot) slot, fields from content_versions order by slot, version desc`;
  return Object.fromEntries(rows.map((r) => [r.slot, r.fields])) as Partial<SlotFields>;
}

/** The published version of a slot (null: none stored). */
export async function publishedVersion<S extends SlotName>(sql: Db, slot: S): Promise<ContentVersion<S> | null> {
  const [row] = await sql<ContentVersion<S>[]>`
    select slot, version, fields, published_by, published_at, reason from content_versions
    where slot = ${slot} order by version desc limit 1`;
  return row ?? null;
}

/** A slot's versions, newest first (the history). */
export async function slotVersions<S extends SlotName>(sql: Db, slot: S, limit = 200): Promise<ContentVersion<S>[]> {
  return sql<ContentVersion<S>[]>`
    select slot, version, fields, published_by, published_at, reason from content_versions
    where slot = ${slot} order by version desc limit ${limit}`;
}

/** A version's fields, or null when the slot has no such version. */
export async function versionFields<S extends SlotName>(sql: Db, slot: S, version: number): Promise<SlotFields[S] | null> {
  const [row] = await sql<{ fields: SlotFields[S] }[]>`select fields from content_versions where slot = ${slot} and version = ${version}`;
  return row?.fields ?? null;
}

/**
 * Publishes `fields` as the slot's next version (unless they are the published ones already: then
 * nothing is written) and returns the version now published. Every process hears of it at commit.
 */
export async function publishSlot<S extends SlotName>(
  sql: Sql,
  slot: S,
  fields: SlotFields[S],
  by: string,
  reason = 'published',
): Promise<{ version: number; changed: boolean }> {
  return sql.begin((tx) => publishSlotIn(tx, slot, fields, by, reason)) as Promise<{ version: number; changed: boolean }>;
}

/** As publishSlot, inside the caller's transaction (shipping an experiment publishes and ends it at once). */
export async function publishSlotIn<S extends SlotName>(
  tx: TransactionSql,
  slot: S,
  fields: SlotFields[S],
  by: string,
  reason = 'published',
): Promise<{ version: number; changed: boolean }> {
  // One publisher per slot at a time: the next version number is read under the lock.
  await tx`select pg_advisory_xact_lock(hashtext(${`content:${slot}`}))`;
  const [current] = await tx<{ version: number; fields: SlotFields[S] }[]>`
    select version, fields from content_versions where slot = ${slot} order by version desc limit 1`;
  if (current && sameFields(current.fields, fields)) return { version: current.version, changed: false };
  const version = (current?.version ?? 0) + 1;
  await tx`insert into content_versions (slot, version, fields, published_by, reason) values (${slot}, ${version}, ${tx.json(fields)}, ${by}, ${reason})`;
  return { version, changed: true };
}

/** The fingerprint of the published copy: changes whenever a slot gets a version. */
export async function contentVersion(sql: Db): Promise<string> {
  const [row] = await sql<
    { version: string }[]
  >`select coalesce(string_agg(slot || ':' || v, ',' order by slot), '') as version from (select slot, max(version) as v from content_versions group by slot) x`;
  return row.version;
}

/** jsonb keeps its own key order: fields are compared by name. */
function sameFields(a: object, b: object): boolean {
  const sorted = (o: object) => JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)));
  return sorted(a) === sorted(b);
}
