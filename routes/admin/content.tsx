import { Hono } from 'hono';
import { ContentList, type ContentListProps, SlotEditor, type SlotEditorProps, type VersionRow } from '../../components/staff/ContentPages.tsx';
import { type ContentVersion, publishedVersion, publishSlot, slotVersions, versionFields } from '../../db/queries/content.ts';
import { runningExperimentOn } from '../../db/queries/experiments.ts';
import { applyFields, DEFAULT_SLOT_FIELDS, fieldsFromForm, isSlotName, SLOT_NAMES, type SlotName } from '../../lib/content/slots.ts';
import { formWrite } from '../../server/api/guards.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { requireOwner, requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { staffMeta } from './_staff-pages.tsx';

const listPage = definePage<ContentListProps>({ meta: staffMeta('Site content', '/admin/content'), Component: ContentList });
const editorPage = definePage<SlotEditorProps>({ meta: (d) => staffMeta(`Edit ${d.slot}`, `/admin/content/${d.slot}`), Component: SlotEditor });

const NOTICES = {
  published: 'Published. Visitors see the new copy within a couple of seconds.',
  unchanged: 'Nothing changed: that copy is already published.',
} as const;

const rowOf = (v: ContentVersion): VersionRow => ({
  version: v.version,
  fields: v.fields as Record<string, unknown>,
  publishedBy: v.publishedBy,
  publishedAt: v.publishedAt.toISOString(),
  reason: v.reason,
});

async function showEditor(
  c: AppContext,
  slot: SlotName,
  extra: Partial<Pick<SlotEditorProps, 'draft' | 'previewing' | 'error' | 'notice'>> = {},
  status: 200 | 400 = 200,
) {
  const { sql } = c.get('deps');
  const [history, runningExperiment] = await withDatabaseDeadline(sql, (db) => Promise.all([slotVersions(db, slot), runningExperimentOn(db, slot)]));
  const published: VersionRow = history[0]
    ? rowOf(history[0])
    : { version: 0, fields: DEFAULT_SLOT_FIELDS[slot], publishedBy: null, publishedAt: new Date(0).toISOString(), reason: 'default' };
  return renderPage(
    c,
    editorPage,
    {
      staff: signedInStaff(c),
      slot,
      published,
      draft: extra.draft ?? published.fields,
      previewing: extra.previewing ?? false,
      error: extra.error,
      notice: extra.notice,
      history: history.map(rowOf),
      runningExperiment,
    },
    status,
  );
}

const slotOf = (c: AppContext): SlotName | null => {
  const slot = c.req.param('slot');
  return isSlotName(slot) ? slot : null;
};

/** The typed fields over the published ones, checked; an error names the field. */
async function typedFields(c: AppContext, slot: SlotName) {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const current = (await withDatabaseDeadline(c.get('deps').sql, (db) => publishedVersion(db, slot)))?.fields ?? DEFAULT_SLOT_FIELDS[slot];
  const typed = fieldsFromForm(slot, body);
  return { typed, result: applyFields(slot, current as never, typed) };
}

/**
 * /admin/content: the content slots; /admin/content/{slot}: one slot's editor (preview, publish, history
 * and rollback). Plain forms with the CSRF token: every action works without JavaScript. Reading and
 * previewing are for all staff; publishing and rolling back for owners (403 for `staff`, nothing changed).
 */
export default new Hono<AppEnv>()
  .get('/', requireStaff('page'), async (c) => {
    const { sql } = c.get('deps');
    const rows = await withDatabaseDeadline(sql, (db) => Promise.all(SLOT_NAMES.map((slot) => publishedVersion(db, slot))));
    const slots = rows.flatMap((r) => (r ? [{ slot: r.slot, version: r.version, publishedAt: r.publishedAt.toISOString(), publishedBy: r.publishedBy }] : []));
    return renderPage(c, listPage, { staff: signedInStaff(c), slots });
  })
  .get('/:slot', requireStaff('page'), (c) => {
    const slot = slotOf(c);
    if (!slot) return answerError(c, 404, 'No such content slot');
    const done = c.req.query('done');
    return showEditor(c, slot, { notice: done === 'published' || done === 'unchanged' ? NOTICES[done] : undefined });
  })
  .post('/:slot/preview', formWrite(), requireStaff('page'), async (c) => {
    const slot = slotOf(c);
    if (!slot) return answerError(c, 404, 'No such content slot');
    const { typed, result } = await typedFields(c, slot);
    if (!result.ok) return showEditor(c, slot, { draft: typed, error: result }, 400);
    return showEditor(c, slot, { draft: result.fields, previewing: true });
  })
  .post('/:slot/rollback', formWrite(), requireOwner('page'), async (c) => {
    const slot = slotOf(c);
    if (!slot) return answerError(c, 404, 'No such content slot');
    const version = Number((await c.req.parseBody()).version);
    const { sql, homeVariants } = c.get('deps');
    const fields = Number.isSafeInteger(version) && version > 0 ? await withDatabaseDeadline(sql, (db) => versionFields(db, slot, version)) : null;
    if (!fields) return answerError(c, 400, 'version: no such version of this slot', { fields: { version: 'No such version of this slot' } });
    const { changed } = await publishSlot(sql, slot, fields, signedInStaff(c).email, `back to version ${version}`);
    homeVariants.changed({ slot, fields });
    return c.redirect(`/admin/content/${slot}?done=${changed ? 'published' : 'unchanged'}`, 303);
  })
  .post('/:slot', formWrite(), requireOwner('page'), async (c) => {
    const slot = slotOf(c);
    if (!slot) return answerError(c, 404, 'No such content slot');
    const { typed, result } = await typedFields(c, slot);
    if (!result.ok) return showEditor(c, slot, { draft: typed, error: result }, 400);
    const { sql, homeVariants } = c.get('deps');
    const { changed } = await publishSlot(sql, slot, result.fields, signedInStaff(c).email);
    homeVariants.changed({ slot, fields: result.fields });
    return c.redirect(`/admin/content/${slot}?done=${changed ? 'published' : 'unchanged'}`, 303);
  });
