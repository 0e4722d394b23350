import * as z from 'zod/mini';

/**
 * What a row's id in an address looks like (a UUID, or any id a visitor's form made: letters, digits,
 * `-` and `_`, at most 36): checked before the id reaches a query, so a NUL or a stray byte in a path is
 * "no such row", never a database error.
 */
export const ROW_ID = /^[\w-]{1,36}$/;

export const rowIdSchema = (error?: string) => z.string().check(z.regex(ROW_ID, error === undefined ? undefined : { error }));

export const isRowId = (value: unknown): value is string => typeof value === 'string' && ROW_ID.test(value);
