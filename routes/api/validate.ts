import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { validationErrorBody } from '../../lib/validation.ts';

/** Validates the JSON body with a shared schema; 400 names each bad field. Handlers read c.req.valid('json'). */
export const validJson = <S extends z.core.$ZodType>(schema: S) =>
  zValidator('json', schema, (result, c) => {
    if (!result.success) return c.json(validationErrorBody(result.error), 400);
  });

/** The same for the query string. */
export const validQuery = <S extends z.core.$ZodType>(schema: S) =>
  zValidator('query', schema, (result, c) => {
    if (!result.success) return c.json(validationErrorBody(result.error), 400);
  });
