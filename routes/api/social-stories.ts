import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type GenerateResponse, quickGenerateSchema, type Story, storyInputSchema } from '../../lib/stories/schema.ts';
import { jsonWrite, STORY_BODY_LIMIT } from '../../server/api/guards.ts';
import { validJson } from '../../server/api/validate.ts';
import { withDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { dailyStoryBudget, rateLimit } from '../../server/middleware/rate-limit.ts';

/** The whole request, writer and fallback included, must answer within this. */
export const STORY_ROUTE_DEADLINE_MS = 30_000;

const withRouteDeadline = <T>(work: (signal: AbortSignal) => Promise<T>) =>
  withDeadline(STORY_ROUTE_DEADLINE_MS, work, {
    onExpiry: () => {
      throw new HTTPException(504, { message: 'Story generation took too long. Please try again.' });
    },
  });

const api = new Hono<AppEnv>();
// Budgets are spent last: a request refused for its origin, type, size or content uses none of them.
const budgets = [rateLimit('stories'), dailyStoryBudget] as const;

/** POST /api/social-stories/generate {title, content, link} → {stories (instagram, linkedin, facebook, twitter), writer} */
api.post('/generate', jsonWrite(STORY_BODY_LIMIT), validJson(storyInputSchema), ...budgets, async (c) => {
  const input = c.req.valid('json');
  const { stories, writer } = await withRouteDeadline((signal) => c.get('deps').storyWriter.writeAll(input, signal));
  c.header('X-Story-Writer', writer);
  return c.json<GenerateResponse>({ stories, writer });
});

/** POST /api/social-stories/quick-generate {blogPost: {title, content, link}, platform} → one story */
api.post('/quick-generate', jsonWrite(STORY_BODY_LIMIT), validJson(quickGenerateSchema), ...budgets, async (c) => {
  const { blogPost, platform } = c.req.valid('json');
  const { story, writer } = await withRouteDeadline((signal) => c.get('deps').storyWriter.writeOne(blogPost, platform, signal));
  c.header('X-Story-Writer', writer);
  return c.json<Story>(story);
});

export default api;
