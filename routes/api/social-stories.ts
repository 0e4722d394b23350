import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type GenerateResponse, quickGenerateSchema, type Story, storyInputSchema } from '../../lib/story-schema.ts';
import type { AppEnv } from '../app-env.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { jsonWrite, STORY_BODY_LIMIT } from './guards.ts';
import { validJson } from './validate.ts';

/** The whole request, writer and fallback included, must answer within this. */
export const STORY_ROUTE_DEADLINE_MS = 30_000;

async function withRouteDeadline<T>(work: Promise<T>, ms = STORY_ROUTE_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HTTPException(504, { message: 'Story generation took too long. Please try again.' })), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

const api = new Hono<AppEnv>();
const guards = [jsonWrite(STORY_BODY_LIMIT), rateLimit('stories', 'storiesDaily')] as const;

/** POST /api/social-stories/generate {title, content, link} → {stories (instagram, linkedin, facebook, twitter), writer} */
api.post('/generate', ...guards, validJson(storyInputSchema), async (c) => {
  const input = c.req.valid('json');
  const { stories, writer } = await withRouteDeadline(c.get('deps').storyWriter!.writeAll(input));
  c.header('X-Story-Writer', writer);
  return c.json<GenerateResponse>({ stories, writer });
});

/** POST /api/social-stories/quick-generate {blogPost: {title, content, link}, platform} → one story */
api.post('/quick-generate', ...guards, validJson(quickGenerateSchema), async (c) => {
  const { blogPost, platform } = c.req.valid('json');
  const { story, writer } = await withRouteDeadline(c.get('deps').storyWriter!.writeOne(blogPost, platform));
  c.header('X-Story-Writer', writer);
  return c.json<Story>(story);
});

export default api;
