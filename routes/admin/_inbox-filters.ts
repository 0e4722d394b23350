import { fieldLines } from '../../lib/forms/validation.ts';
import { inboxFiltersSchema, peopleInboxSchema } from '../../lib/leads/schema.ts';
import { agency } from '../../lib/site.ts';
import { validQuery } from '../../server/api/validate.ts';
import type { AppContext } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { signedInStaff } from '../../server/staff-auth.ts';

// The inbox's query, read one way for the page (routes/admin/leads/index.tsx: the lead filters plus the
// people list's order) and its CSV (routes/admin/leads.csv.ts: the lead filters).

/** The query string's filters; bad ones get the 400 page naming each. */
export const validFilters = validQuery(inboxFiltersSchema, (c, _values, fields) => staffProblem(c, 400, 'These filters could not be used', fieldLines(fields)));

/** The people inbox's query (the filters, its order, the last bulk action's result); bad ones get the 400 page naming each. */
export const validPeopleQuery = validQuery(peopleInboxSchema, (c, _values, fields) =>
  staffProblem(c, 400, 'These filters could not be used', fieldLines(fields)),
);

/** Who reads the inbox, and when: what the inbox's queries need beside the filters. */
export const inboxContext = (c: AppContext) => ({ staffId: signedInStaff(c).id, now: c.get('deps').now(), timeZone: agency.timeZone });
