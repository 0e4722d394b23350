import { stripTags } from './html-text.ts';
import { enforceRules } from './story-rules.ts';
import { type Platform, platforms, type Story, type StoryInput, type WriterName } from './story-schema.ts';

// The template writer: pure and deterministic (the same post always gives the same stories). It is
// the writer when no OpenAI key is set, and the fallback whenever the LLM fails.

/** Topic words in the post, and the hashtags they earn. Checked in order. */
const TOPIC_TAGS: [RegExp, string][] = [
  [/\bgoogle business profile|map pack|local seo\b/i, '#LocalSEO'],
  [/\bseo\b|search engine/i, '#SEO'],
  [/google ads|paid search|\bppc\b/i, '#GoogleAds'],
  [/instagram/i, '#InstagramMarketing'],
  [/review/i, '#OnlineReviews'],
  [/landing page|website/i, '#WebDesign'],
  [/call tracking|analytics|track/i, '#MarketingAnalytics'],
  [/medspa|med spa|aesthetic/i, '#Medspa'],
  [/contractor|renovat/i, '#Contractors'],
  [/clean(ing|ers?)\b/i, '#CleaningBusiness'],
  [/\bcoach(es|ing)?\b/i, '#Coaching'],
  [/lead/i, '#LeadGeneration'],
  [/social media|facebook|linkedin/i, '#SocialMediaMarketing'],
];

const BASE_TAGS = [
  '#TorontoBusiness',
  '#SmallBusiness',
  '#DigitalMarketing',
  '#LocalMarketing',
  '#Toronto',
  '#MarketingTips',
  '#SmallBusinessTips',
  '#ShopLocalTO',
];

/** Sentences of the post, in order, each a readable length. */
export function keySentences(content: string): string[] {
  const text = stripTags(content);
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9“"‘'])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 260 && /[.!?]$/.test(s));
}

/** Hashtags for the post: its topics first, then the agency's usual tags. */
export function hashtagsFor(input: Pick<StoryInput, 'title' | 'content'>, count: number): string[] {
  const haystack = `${input.title} ${input.content}`;
  const tags: string[] = [];
  const add = (tag: string) => {
    if (tags.length < count && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  };
  for (const [pattern, tag] of TOPIC_TAGS) if (pattern.test(haystack)) add(tag);
  for (const tag of BASE_TAGS) add(tag);
  return tags;
}

function firstWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:—–-]+$/, '')}…`;
}

type Parts = { title: string; lead: string; points: string[] };

function partsOf(input: StoryInput): Parts {
  const sentences = keySentences(input.content);
  const plain = stripTags(input.content);
  const lead = sentences[0] ?? firstWords(plain, 200);
  return { title: stripTags(input.title), lead, points: sentences.slice(1, 4) };
}

const writers: Record<Platform, (p: Parts, input: StoryInput) => Omit<Story, 'platform'>> = {
  instagram: (p, input) => ({
    headline: p.title,
    content: [
      p.title,
      p.lead,
      p.points.length ? p.points.map((s) => `→ ${s}`).join('\n') : '',
      'Save this post for later, and send it to a business owner who needs it.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    callToAction: input.link ? 'Read the full article: tap the link in bio.' : 'Follow us for more local marketing tips.',
    hashtags: hashtagsFor(input, 12),
    visualSuggestion: `A square carousel: slide 1 shows "${firstWords(p.title, 60)}" in bold type on the brand blue; one slide per takeaway; the last slide points to the link in bio.`,
  }),
  linkedin: (p, input) => ({
    headline: p.title,
    content: [
      p.title,
      p.lead,
      p.points.length ? `What we see with Toronto clients:\n${p.points.map((s) => `• ${s}`).join('\n')}` : '',
      'What has worked for your business? Tell us in the comments.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    callToAction: input.link ? 'Read the full article at the link above.' : 'Follow Northline Digital for weekly marketing insights.',
    hashtags: hashtagsFor(input, 5),
    visualSuggestion: 'A 1200×627 link card: the article headline over a photo of a Toronto storefront or team at work, with the agency logo in a corner.',
  }),
  facebook: (p, input) => ({
    headline: p.title,
    content: [p.title, p.lead].join('\n\n'),
    callToAction: input.link ? 'Read the full post on our blog.' : 'Send us a message with your questions.',
    hashtags: hashtagsFor(input, 2),
    visualSuggestion: 'The article image as a wide link preview, or a short 15-second video reading out the first tip.',
  }),
  twitter: (p, input) => ({
    headline: p.title,
    content: `${p.title}: ${p.lead}`,
    callToAction: input.link ? 'Full post on our blog.' : 'Follow for more local marketing tips.',
    hashtags: hashtagsFor(input, 2),
    visualSuggestion: 'A 16:9 card with the headline in large type and one key number from the article.',
  }),
};

/** One story for one platform, obeying its rules. */
export function writeTemplateStory(input: StoryInput, platform: Platform): Story {
  const draft = writers[platform](partsOf(input), input);
  return enforceRules({ platform, ...draft }, platform, input.link);
}

/** One story per platform, in the order instagram, linkedin, facebook, twitter. */
export function writeTemplateStories(input: StoryInput): Story[] {
  return platforms.map((platform) => writeTemplateStory(input, platform));
}

/** Both writers answer through this interface; `writer` says which one produced the stories. */
export type StoryWriter = {
  writeAll(input: StoryInput): Promise<{ stories: Story[]; writer: WriterName }>;
  writeOne(input: StoryInput, platform: Platform): Promise<{ story: Story; writer: WriterName }>;
};

export const templateWriter: StoryWriter = {
  writeAll: async (input) => ({ stories: writeTemplateStories(input), writer: 'template' }),
  writeOne: async (input, platform) => ({ story: writeTemplateStory(input, platform), writer: 'template' }),
};
