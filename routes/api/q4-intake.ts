import { Hono } from 'hono';
import { withDeadline } from '../../db/deadline.ts';
import { insertIntakeApplication } from '../../db/queries/intake.ts';
import { CONSENT_VERSION } from '../../lib/consent.ts';
import { intakeSchema } from '../../lib/intake-schema.ts';
import { isLikelySpam } from '../../lib/spam.ts';
import type { AppContext, AppEnv } from '../app-env.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { jsonWrite } from './guards.ts';
import { validJson } from './validate.ts';

const API_PATH = '/api/q4-intake';

/**
 * POST /api/q4-intake: validates with the form's own schema, stores the application with its consent
 * record, answers 201 {id}. A repeated id (a retry of the same submission) stores nothing new and
 * answers exactly as the first time. Likely spam gets the same answer and is stored flagged.
 */
const api = new Hono<AppEnv>().post('/', rateLimit('forms'), jsonWrite(), validJson(intakeSchema), async (c) => {
  const { id: clientId, fax, fillMs, ...application } = c.req.valid('json');
  const { sql, now } = c.get('deps');
  const id = clientId ?? crypto.randomUUID();
  await withDeadline(
    insertIntakeApplication(sql, {
      id,
      application,
      consent: { version: CONSENT_VERSION, page: consentPage(c) },
      createdAt: now?.() ?? new Date(),
      isSpam: isLikelySpam({ fax, fillMs }),
    }),
  );
  return c.json({ id }, 201);
});

/** The page the consent was given on: the same-origin Referer's path, else the API itself (a direct call). */
function consentPage(c: AppContext): string {
  const referer = c.req.header('referer');
  if (!referer) return API_PATH;
  try {
    const url = new URL(referer);
    return url.host === new URL(c.req.url).host || url.origin === new URL(c.get('deps').config.PUBLIC_SITE_URL).origin ? url.pathname.slice(0, 200) : API_PATH;
  } catch {
    return API_PATH;
  }
}

export default api;
