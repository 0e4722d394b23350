import { fieldLines } from '../../lib/forms/validation.ts';
import { inboxFiltersSchema } from '../../lib/leads/schema.ts';
import { agency } from '../../lib/site.ts';
import { validQuery } from '../../server/api/validate.ts';
import type { AppContext } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { signedInStaff } from '../../server/staff-auth.ts';

// The inbox's query, read one way for the page (routes/admin/leads/index.tsx) and its CSV (routes/admin/leads.csv.ts).

/** The query string's filters; bad ones get the 400 page naming each. */
export const validFilters = validQuery(inboxFiltersSchema, (c, _values, fields) => staffProblem(c, 400, 'These filters could not be used', fieldLines(fields)));

/** Who reads the inbox, and when: what the inbox's queries need beside the filters. */
export const inboxContext = (c: AppContext) => ({ staffId: signedInStaff(c).id, now: c.get('deps').now(), timeZone: agency.timeZone });
