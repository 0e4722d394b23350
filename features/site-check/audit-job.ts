// The audit's website check as a job of the notification queue (issue 32, channel 'site-check'): reads the
// audit's pending check, reuses the site's check of the last hour when there is one (db/queries/site-checks.ts),
// else checks the site's home page (siteHomeOf: the site the cache is keyed by, never a page the audit named;
// lib/audit/site-check.ts says why) with the function the site hands in (features/site-check/check-site.ts behind
// SITE_CHECK_ALLOW_HOSTS, made in site/main.ts), and records the outcome, the score it gives the audit,
// and wakes the results email that waits for it. The job's record names no address: its detail is counts.

import type { Job } from '../../db/queries/jobs.ts';
import { cachedSiteCheck, pendingCheckOf, recordSiteCheck } from '../../db/queries/site-checks.ts';
import { siteHomeOf, tally } from '../../lib/audit/site-check.ts';
import type { SiteCheckOutcome } from '../../lib/site-check/types.ts';
import type { DeliveryDeps, DeliveryOutcome, SiteChecker } from '../leads/delivery/types.ts';

/** Checks of a site under way in this process: two audits of one site at once share one fetch. */
const underWay = new Map<string, Promise<SiteCheckOutcome>>();

function checkOnce(check: SiteChecker, siteKey: string, url: string, signal: AbortSignal): Promise<SiteCheckOutcome> {
  const running = underWay.get(siteKey);
  if (running) return running;
  const started = check(url, signal).finally(() => underWay.delete(siteKey));
  underWay.set(siteKey, started);
  return started;
}

export async function runAuditSiteCheck(job: Job, deps: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  const { sql, now, siteCheck } = deps;
  const pending = await pendingCheckOf(sql, job.leadId);
  if (!pending) return { state: 'skipped', detail: 'No website to check: the audit gave none, or was erased' };
  // The home page of the site the key names (a row stored before checks went to the home page may name a page).
  const home = siteHomeOf(pending.url) ?? pending.url;
  const cached = await cachedSiteCheck(sql, pending.siteKey, now());
  const outcome = cached ? ({ ...cached, url: home } as SiteCheckOutcome) : await checkOnce(siteCheck, pending.siteKey, home, signal);
  if (signal.aborted) throw new Error('stopped');
  const recorded = await recordSiteCheck(sql, job.leadId, outcome, { now: now(), fetched: !cached });
  if (!recorded) return { state: 'skipped', detail: 'Erased before the check was recorded: nothing was kept' };
  return { state: 'delivered', detail: describeOutcome(outcome, cached !== null) };
}

/** The job's record: what came of the check, in counts (no address, no evidence). */
function describeOutcome(outcome: SiteCheckOutcome, reused: boolean): string {
  const from = reused ? 'Reused the check of this site from the last hour' : 'Checked the site';
  if (outcome.status === 'refused') return `${from}: refused (${outcome.reason})`;
  if (outcome.status === 'failed') return `${from}: could not be read (${outcome.reason})`;
  const { pass, fail, unknown } = tally(outcome.checks);
  return `${from}: ${pass} passed, ${fail} need work, ${unknown} could not tell`;
}
