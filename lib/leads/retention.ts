// How long the site keeps what it stores (README, "Privacy and retention"), as dates the daily sweeps
// (features/operations/retention/) compare with. Pure.

import { DAY_MS } from '../time/calendar.ts';

/** The daily sweeps run at most this often per deployment, whatever the number of processes. */
const SWEEP_INTERVAL_MS = DAY_MS;

/** Raw A/B events and assignments are kept this long after their test ended; then the test's figures only. */
export const AB_RAW_KEEP_DAYS = 365;

/** Leads that arrived before this are erased by the sweep, unless they were ever won (LEAD_RETENTION_DAYS). */
export const leadRetentionCutoff = (now: Date, retentionDays: number): Date => new Date(now.getTime() - retentionDays * DAY_MS);

/** Tests that ended before this have their raw rows deleted and their figures archived. */
export const abArchiveCutoff = (now: Date): Date => new Date(now.getTime() - AB_RAW_KEEP_DAYS * DAY_MS);

/** A sweep last run at or before this is due again at `now` (a day later; a clock that went back runs none). */
export const sweepDueIfRanBy = (now: Date): Date => new Date(now.getTime() - SWEEP_INTERVAL_MS);
