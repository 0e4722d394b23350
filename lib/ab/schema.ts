import * as z from 'zod/mini';
import { AB_LIMITS, BROWSER_EVENT_TYPES } from './definitions.ts';

// What the /api/ab-test calls send, checked by the server (server/api/validate.ts). Pure.

function userIdSchema() {
  return z
    .string()
    .check(z.trim(), z.minLength(1, 'userId must not be empty'), z.maxLength(AB_LIMITS.userId, `userId must be at most ${AB_LIMITS.userId} characters`));
}

export const assignmentQuerySchema = z.object({
  testName: z
    .string()
    .check(z.trim(), z.minLength(1, 'testName is required'), z.maxLength(AB_LIMITS.name, `testName must be at most ${AB_LIMITS.name} characters`)),
  userId: z.optional(userIdSchema()),
});

/** GET /api/ab-test/results/{testId}: any text; an id longer than the schema allows names no test (404). */
export const testIdParamSchema = z.object({ testId: z.string() });

/** Results of the visitors from one first-touch source only (`?source=google`): lower case, as stored. */
export const resultsScopeQuerySchema = z.object({
  source: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'source is empty'), z.maxLength(200, 'source must be at most 200 characters'))),
});

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** POST /api/ab-test/event body (spec: split-test event). */
export const abEventSchema = z.object({
  testId: z.string().check(z.minLength(1, 'testId is required'), z.maxLength(36, 'testId must be at most 36 characters')),
  variantId: z.string().check(z.minLength(1, 'variantId is required'), z.maxLength(36, 'variantId must be at most 36 characters')),
  eventType: z.enum(BROWSER_EVENT_TYPES, 'eventType must be view or click: conversions are recorded by the server'),
  eventData: z.nullish(
    z
      .record(z.string(), z.unknown(), 'eventData must be a JSON object')
      .check(z.refine((v) => jsonBytes(v) <= AB_LIMITS.eventDataBytes, `eventData must be at most ${AB_LIMITS.eventDataBytes} bytes of JSON`)),
  ),
  userId: z.optional(userIdSchema()),
});
