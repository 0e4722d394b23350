import type { Platform, Story } from './schema.ts';

// The platform rules, enforced on every story after it is written (by the LLM or the templates):
// - Twitter: at most 280 characters, a link counting as 23 (t.co wrapping).
// - LinkedIn: at most 3000 characters, 3 to 5 hashtags.
// - Instagram: at most 2200 characters, no link in the text ("link in bio"), at most 30 hashtags.
// - Facebook: concise (at most 500 characters), 0 to 3 hashtags.
// Links carry utm_source=<platform>&utm_medium=social. The length counted is the post as published:
// the content, then the hashtags on their own line.

export type PlatformRule = { maxChars: number; minHashtags: number; maxHashtags: number; linkInText: boolean };

export const PLATFORM_RULES: Record<Platform, PlatformRule> = {
  instagram: { maxChars: 2200, minHashtags: 0, maxHashtags: 30, linkInText: false },
  linkedin: { maxChars: 3000, minHashtags: 3, maxHashtags: 5, linkInText: true },
  facebook: { maxChars: 500, minHashtags: 0, maxHashtags: 3, linkInText: true },
  twitter: { maxChars: 280, minHashtags: 0, maxHashtags: 3, linkInText: true },
};

const TWITTER_LINK_WEIGHT = 23;
const HEADLINE_MAX = 100;
const CALL_TO_ACTION_MAX = 150;
const VISUAL_SUGGESTION_MAX = 300;
/** Tags that fill LinkedIn's minimum when a writer gave too few. */
const FALLBACK_HASHTAGS = ['#SmallBusiness', '#TorontoBusiness', '#DigitalMarketing', '#LocalMarketing', '#MarketingTips'];

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const LINK_IN_BIO = /link in (?:our |the |my )?bio/i;

/** The link with the platform's UTM parameters (existing parameters kept), or null if it is not http(s). */
export function withUtm(link: string | undefined | null, platform: Platform): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.searchParams.set('utm_source', platform);
    url.searchParams.set('utm_medium', 'social');
    return url.href;
  } catch {
    return null;
  }
}

/** The hashtags as they follow the content: on a line of their own. */
const hashtagLine = (hashtags: readonly string[]) => (hashtags.length ? `\n\n${hashtags.join(' ')}` : '');

/** The text as it would be published: content, then the hashtags. */
export function postText(story: Pick<Story, 'content' | 'hashtags'>): string {
  return `${story.content}${hashtagLine(story.hashtags)}`;
}

/** The link with its UTM parameters as it follows the content: '' where the platform takes none, or there is no http(s) link. */
function linkSuffix(platform: Platform, link: string | null | undefined): string {
  const utmLink = PLATFORM_RULES[platform].linkInText ? withUtm(link, platform) : null;
  return utmLink ? `${platform === 'twitter' ? ' ' : '\n\n'}${utmLink}` : '';
}

/** Characters left for the content once the link and these hashtags are counted: what a writer may fill. */
export function contentBudget(platform: Platform, link: string | null | undefined, hashtags: readonly string[]): number {
  return PLATFORM_RULES[platform].maxChars - countChars(`${linkSuffix(platform, link)}${hashtagLine(hashtags)}`, platform);
}

/** Characters the platform counts: code points; on Twitter every link counts as 23. */
export function countChars(text: string, platform: Platform): number {
  if (platform === 'twitter') {
    const withoutLinks = text.replace(URL_PATTERN, '');
    const links = text.match(URL_PATTERN)?.length ?? 0;
    return [...withoutLinks].length + links * TWITTER_LINK_WEIGHT;
  }
  return [...text].length;
}

/** The count shown on a story card, and the limit it is measured against. */
export function storyLength(story: Story): { count: number; limit: number } {
  return { count: countChars(postText(story), story.platform), limit: PLATFORM_RULES[story.platform].maxChars };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Cuts text to `max` code points at a word break, with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max <= 1) return chars.slice(0, max).join('');
  let cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.search(/\s\S*$/);
  if (lastSpace > (max - 1) * 0.6) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}

/** '#TorontoBusiness' from '#toronto business!' style input; null when nothing usable is left. */
export function normalizeHashtag(raw: string): string | null {
  const words = raw
    .replace(/^#+/, '')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  if (!words.length) return null;
  const tag = words.length === 1 ? words[0] : words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  if (/^\d+$/.test(tag) || tag.length > 40) return null;
  return `#${tag}`;
}

function normalizeHashtags(tags: readonly string[], rule: PlatformRule): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const tag = normalizeHashtag(raw);
    if (!tag || seen.has(tag.toLowerCase()) || out.length >= rule.maxHashtags) return;
    seen.add(tag.toLowerCase());
    out.push(tag);
  };
  tags.forEach(add);
  for (const tag of FALLBACK_HASHTAGS) if (out.length < rule.minHashtags) add(tag);
  return out;
}

/** Letters and digits only, lower case: how a headline is recognised whatever its punctuation. */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The content without an opening that only repeats the headline (the card shows the headline above
 * it, so a post that opens with it reads the title twice), whatever punctuation either has. Content
 * that is nothing but the headline is left alone.
 */
export function withoutLeadingHeadline(content: string, headline: string): string {
  const title = lettersOf(headline);
  if (!title) return content;
  // Walk the content until it has shown as many letters and digits as the headline has.
  let seen = '';
  let end = 0;
  for (const char of content) {
    if (seen.length >= title.length) break;
    end += char.length;
    seen += lettersOf(char);
  }
  if (seen !== title) return content;
  const after = content.slice(end);
  // The headline must end where a word ends ('Spring leads' is not the start of 'Spring leadsters').
  if (/^[\p{L}\p{N}]/u.test(after)) return content;
  const rest = after.replace(/^[\s.:;!?,—–-]+/u, '');
  return rest || content;
}

/** Content without links, with tidy spacing (paragraph breaks kept). */
function cleanContent(text: string): string {
  return text
    .replace(URL_PATTERN, '')
    .split(/\n{2,}/)
    .map((para) => para.split('\n').map(oneLine).filter(Boolean).join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The story made to obey its platform's rules: links removed from the text and the UTM link added
 * where the platform allows one, hashtags normalised and counted, and the content shortened (at a
 * word break) until the whole post fits. Hashtags are dropped before the content would fall under
 * a readable length.
 */
export function enforceRules(story: Story, platform: Platform, link?: string | null): Story {
  const rule = PLATFORM_RULES[platform];
  const hasLink = Boolean(withUtm(link, platform));
  let hashtags = normalizeHashtags(story.hashtags, rule);
  let callToAction = clip(oneLine(story.callToAction.replace(URL_PATTERN, '')), CALL_TO_ACTION_MAX) || 'Read the full post.';
  if (platform === 'instagram' && hasLink && !LINK_IN_BIO.test(`${story.content} ${callToAction}`)) {
    callToAction = clip(`${callToAction.replace(/[.!]?$/, '.')} Link in bio.`, CALL_TO_ACTION_MAX);
  }
  let body = withoutLeadingHeadline(cleanContent(story.content), story.headline) || oneLine(story.headline);
  const suffix = linkSuffix(platform, link);
  const minBody = platform === 'twitter' ? 80 : 120;

  const available = () => contentBudget(platform, link, hashtags);
  while (available() < minBody && hashtags.length > rule.minHashtags) hashtags = hashtags.slice(0, -1);
  body = clip(body, Math.max(1, available()));

  const visual = story.visualSuggestion ? clip(oneLine(story.visualSuggestion), VISUAL_SUGGESTION_MAX) : undefined;
  return {
    platform,
    headline: clip(oneLine(story.headline), HEADLINE_MAX) || 'New on the blog',
    content: `${body}${suffix}`,
    callToAction,
    hashtags,
    ...(visual ? { visualSuggestion: visual } : {}),
  };
}

/** Every rule the story breaks (empty when it obeys them all); tests and the writers' checks use it. */
export function ruleViolations(story: Story): string[] {
  const rule = PLATFORM_RULES[story.platform];
  const problems: string[] = [];
  const { count, limit } = storyLength(story);
  if (count > limit) problems.push(`${count} characters, over the ${limit} limit`);
  if (story.hashtags.length < rule.minHashtags || story.hashtags.length > rule.maxHashtags) {
    problems.push(`${story.hashtags.length} hashtags, outside ${rule.minHashtags}–${rule.maxHashtags}`);
  }
  const links = story.content.match(URL_PATTERN) ?? [];
  if (!rule.linkInText && links.length) problems.push('a link in the text');
  for (const found of links) {
    if (!found.includes(`utm_source=${story.platform}`) || !found.includes('utm_medium=social')) problems.push(`link without UTM parameters: ${found}`);
  }
  if (!story.hashtags.every((t) => /^#[\p{L}\p{N}_]+$/u.test(t))) problems.push('a malformed hashtag');
  return problems;
}
