import { Hono } from 'hono';
import * as z from 'zod/mini';
import { boardCards } from '../../db/queries/people-inbox.ts';
import { LEAD_KINDS } from '../../lib/leads/pipeline.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { renderPage } from '../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { boardPage } from './_staff-pages.tsx';

/** `moved=audit/{id}`: the lead a card's plain form just moved (anything else is ignored: it only picks the words said). */
const movedLead = (value: string | undefined) => {
  const [kind, id] = (value ?? '').split('/');
  return z.safeParse(z.enum(LEAD_KINDS), kind).success && /^[\w-]{1,36}$/.test(id ?? '') ? { kind, id } : null;
};

/** `q`: the inbox's search, carried by its link to the board (name, business or email; at most 100 characters, as there). */
const searchOf = (value: string | undefined) => {
  const q = (value ?? '').trim();
  return q && q.length <= 100 && !q.includes('\0') ? q : undefined;
};

/** GET /admin/board (?q=): the pipeline board (components/staff/BoardPage.tsx). Staff only. */
export default new Hono<AppEnv>().get('/', requireStaff('page'), async (c) => {
  const { sql, now } = c.get('deps');
  const q = searchOf(c.req.query('q'));
  const cards = await withDatabaseDeadline(sql, (db) => boardCards(db, q));
  return renderPage(c, boardPage, { staff: signedInStaff(c), cards, q: q ?? null, moved: movedLead(c.req.query('moved')), now: now() });
});
