// zod/mini: tree-shakeable, so the story islands carry only the validators they use.
import * as z from 'zod/mini';
import { isHttpUrl } from '../forms/web-address.ts';

// One set of schemas for the story generator: the manual-input form, both API bodies, and the
// stories the writers return (the OpenAI answer is validated with `storySchema`).

export const platforms = ['instagram', 'linkedin', 'facebook', 'twitter'] as const;
export type Platform = (typeof platforms)[number];

export const platformLabels: Record<Platform, string> = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

const platformSchema = z.enum(platforms, { error: 'Choose instagram, linkedin, facebook or twitter' });

const STORY_TITLE_MAX = 300;
const STORY_CONTENT_MAX = 20_000;

/** Story input: title and content required; link optional, and when given an http(s) URL. */
export const storyInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(STORY_TITLE_MAX, `Title must be at most ${STORY_TITLE_MAX} characters`)),
  content: z
    .string({ error: 'Content is required' })
    .check(z.trim(), z.minLength(1, 'Content is required'), z.maxLength(STORY_CONTENT_MAX, `Content must be at most ${STORY_CONTENT_MAX} characters`)),
  link: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(2048, 'Link is too long'),
      z.refine((v) => v === '' || isHttpUrl(v), 'Link must be an http:// or https:// address'),
    ),
  ),
});

export type StoryInput = z.infer<typeof storyInputSchema>;

/** POST /api/social-stories/quick-generate */
export const quickGenerateSchema = z.object({ blogPost: storyInputSchema, platform: platformSchema });
export type QuickGenerateBody = z.infer<typeof quickGenerateSchema>;

/** A social story, as both writers produce it. */
export const storySchema = z.object({
  platform: platformSchema,
  headline: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  callToAction: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  hashtags: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(40)),
  visualSuggestion: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export type Story = z.infer<typeof storySchema>;

/** Which writer produced an answer. */
export type WriterName = 'openai' | 'template';

export type GenerateResponse = { stories: Story[]; writer: WriterName };
