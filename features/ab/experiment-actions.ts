import type { Sql } from 'postgres';
import { publishedVersion } from '../../db/queries/content.ts';
import {
  createExperiment,
  findExperiment,
  type Outcome,
  runningExperimentOn,
  shipExperiment,
  startExperiment,
  stopExperiment,
} from '../../db/queries/experiments.ts';
import { completeExperiment, type Experiment, type NewExperimentBody } from '../../lib/ab/experiments.ts';
import { DEFAULT_SLOT_FIELDS } from '../../lib/content/slots.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';

// What the builder's screens and its JSON API both do (routes/admin/experiments.tsx, routes/admin/api/experiments.ts):
// one place for each action, its checks and its answer, so a form and a script can never disagree. Each
// change tells this process's home page at once (the others hear of it through the database's NOTIFY).

/** What the actions use: the database, and this process's home page variants to tell of a change. */
export type ExperimentDeps = { sql: Sql; homeVariants: { changed(): void } };

/** An action's answer: done, or refused with the HTTP status and a sentence naming what is wrong. */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; field?: string; message: string };

const REFUSALS: Record<Exclude<Outcome, { ok: true }>['why'], { status: 400 | 404 | 409; field?: string; message: string }> = {
  'not-found': { status: 404, message: 'No such experiment' },
  'wrong-state': { status: 409, message: 'The experiment is not in a state that allows this: see its page for what can be done now' },
  'slot-busy': { status: 409, message: 'Another experiment is already running on this slot: stop or ship it first' },
  'no-such-variant': { status: 400, field: 'variantId', message: 'variantId: no such variant in this experiment' },
};

const refused = <T>(outcome: Exclude<Outcome, { ok: true }>): ActionResult<T> => ({ ok: false, ...REFUSALS[outcome.why] });

/** Creates a draft from a checked body: the variants made whole over the slot's published copy. */
export async function createDraft({ sql }: ExperimentDeps, body: NewExperimentBody): Promise<ActionResult<string>> {
  const published = (await withDatabaseDeadline(sql, (db) => publishedVersion(db, body.slot)))?.fields ?? DEFAULT_SLOT_FIELDS[body.slot];
  const complete = completeExperiment(body, published as never);
  if (!complete.ok) return { ok: false, status: 400, field: complete.field, message: complete.message };
  const id = await createExperiment(sql, complete.value);
  if (id === null) return { ok: false, status: 409, field: 'name', message: 'name: an experiment of that name exists already' };
  return { ok: true, value: id };
}

export async function start(deps: ExperimentDeps, id: string): Promise<ActionResult<null>> {
  const outcome = await startExperiment(deps.sql, id);
  if (!outcome.ok && outcome.why === 'slot-busy') {
    // Which one: the owner stops or ships that one first.
    const experiment = await experimentById(deps, id);
    const slot = experiment?.slot;
    const running = slot && (await withDatabaseDeadline(deps.sql, (db) => runningExperimentOn(db, slot)));
    if (running) return { ok: false, status: 409, message: `Another experiment is already running on this slot, “${running.name}”: stop or ship it first` };
  }
  return after(deps, outcome);
}

export async function stop(deps: ExperimentDeps, id: string): Promise<ActionResult<null>> {
  return after(deps, await stopExperiment(deps.sql, id));
}

export async function ship(deps: ExperimentDeps, id: string, variantId: string, by: string): Promise<ActionResult<null>> {
  return after(deps, await shipExperiment(deps.sql, id, variantId, by));
}

function after(deps: ExperimentDeps, outcome: Outcome): ActionResult<null> {
  if (!outcome.ok) return refused(outcome);
  deps.homeVariants.changed();
  return { ok: true, value: null };
}

export async function experimentById({ sql }: Pick<ExperimentDeps, 'sql'>, id: string): Promise<Experiment | null> {
  return withDatabaseDeadline(sql, (db) => findExperiment(db, id));
}
