import { personParamsSchema } from '../../../../../lib/people/schema.ts';
import { validParam } from '../../../../../server/api/validate.ts';
import type { AppContext } from '../../../../../server/deps.ts';
import { answerError } from '../../../../../server/middleware/errors.ts';

// What the person APIs share: the person a path names (a merged-away id names nobody here: a script
// acts on the person it was merged into), and how they refuse.

export const NO_SUCH_PERSON = 'No such person (or merged into another: use that one)';

export const validPersonParam = validParam(personParamsSchema, (c) => answerError(c, 404, NO_SUCH_PERSON));

export const noSuchPerson = (c: AppContext) => answerError(c, 404, NO_SUCH_PERSON);

export const erasedPerson = (c: AppContext) => answerError(c, 409, 'This person was erased on request: they can no longer be changed');
