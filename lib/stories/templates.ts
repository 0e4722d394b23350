import { stripTags } from '../text/html-text.ts';
import { clip, contentBudget, countChars, enforceRules, withoutLeadingHeadline } from './rules.ts';
import { type Platform, platforms, type Story, type StoryInput, type WriterName } from './schema.ts';

// The template writer: pure and deterministic (the same post always gives the same stories). It is
// the writer when no OpenAI key is set, and the fallback whenever the LLM fails.
//
// Every story is built the way STORY_SHAPE (below) tells the OpenAI writer to build one: the post's key
// point, a concrete detail from it, its advice, and a question or call to action, never the headline
// again (the card shows it above the post). Each platform gets its own shape, filled to its limit in
// whole sentences: the most important parts first, then as much of the rest as fits.

/** What every story holds, whichever writer writes it (the OpenAI writer puts this in its prompt). */
export const STORY_SHAPE =
  "Do not repeat the headline in the content: open with the post's key point, then one concrete detail from the post (a number, a place, a price, a quote), its practical advice where the platform has room, and end with a question or a call to action for the reader.";

/** Topics a post may be about: the hashtags each earns, and the question a post about it asks. Checked in order. */
const TOPICS: { pattern: RegExp; tag: string; question?: string }[] = [
  { pattern: /\bgoogle business profile|map pack|local seo\b/i, tag: '#LocalSEO', question: 'When did you last update your Google Business Profile?' },
  { pattern: /\bseo\b|search engine/i, tag: '#SEO', question: 'Do you know which searches bring people to your site?' },
  { pattern: /google ads|paid search|\bppc\b/i, tag: '#GoogleAds', question: 'Which day of the week is hardest for you to fill?' },
  { pattern: /instagram/i, tag: '#InstagramMarketing', question: 'What does your last post ask the reader to do next?' },
  { pattern: /review/i, tag: '#OnlineReviews', question: 'When did your last review come in?' },
  { pattern: /landing page|website/i, tag: '#WebDesign', question: 'What does your page show first on a phone?' },
  { pattern: /call tracking|analytics|track/i, tag: '#MarketingAnalytics', question: 'Do you know which ad made your phone ring last week?' },
  { pattern: /medspa|med spa|aesthetic/i, tag: '#Medspa' },
  { pattern: /contractor|renovat/i, tag: '#Contractors' },
  { pattern: /clean(ing|ers?)\b/i, tag: '#CleaningBusiness' },
  { pattern: /\bcoach(es|ing)?\b/i, tag: '#Coaching' },
  { pattern: /season|calendar|holiday/i, tag: '#MarketingPlan', question: 'Which month is your busiest, and when do you start getting ready for it?' },
  { pattern: /lead/i, tag: '#LeadGeneration', question: 'Where did your last three customers find you?' },
  { pattern: /social media|facebook|linkedin/i, tag: '#SocialMediaMarketing', question: 'Which post of yours brought in an actual enquiry?' },
];

const DEFAULT_QUESTION = 'What is one thing you would change about your marketing this month?';

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

/** Words that open a piece of advice ("Send a short text…", "Put the price on the page…"). */
const ADVICE_VERBS =
  /^(add|answer|ask|book|build|call|check|count|end|follow|give|keep|list|make|match|measure|move|post|promote|put|reply|run|say|send|set|show|skip|start|stop|teach|tell|thank|track|try|upload|use|write)\b/i;
/** A list item's label ("Service area: list the neighbourhoods…"). */
const LABELLED = /^[A-Z][\p{L}-]*(?: [\p{L}-]+){0,2}: \S/u;
/** A sentence with something concrete in it: a figure, a price, a percentage, a quotation. */
const CONCRETE = /\d|\$|%|[“"«]|\b(half|twice|three|four|five|six|seven|eight|nine|ten|twelve|twenty|dozen)\b/i;

/** Whether a piece of text leaves a quotation open (an odd number of straight quotes, or more “ than ”). */
const opensQuote = (text: string) => (text.match(/"/g)?.length ?? 0) % 2 === 1 || (text.match(/“/g)?.length ?? 0) > (text.match(/”/g)?.length ?? 0);

/** The sentences of a text, in order; a quotation stays inside its sentence. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const piece of text.split(/(?<=[.!?]["”’»)]?)\s+(?=[A-Z0-9“"‘'«(])/)) {
    const last = sentences.at(-1);
    if (last !== undefined && opensQuote(last)) sentences[sentences.length - 1] = `${last} ${piece}`;
    else sentences.push(piece.trim());
  }
  return sentences.filter(Boolean);
}

/** Sentences of the post that make a point of their own: a readable length, ending as a sentence ends. */
export function keySentences(content: string): string[] {
  return sentencesOf(stripTags(content)).filter(isKeySentence);
}

const isKeySentence = (s: string) => s.length >= 30 && s.length <= 260 && /[.!?]["”’»)]?$/.test(s);

/** Hashtags for the post: its topics first (the title's before the body's), then the agency's usual tags. */
export function hashtagsFor(input: Pick<StoryInput, 'title' | 'content'>, count: number): string[] {
  const tags: string[] = [];
  const add = (tag: string) => {
    if (tags.length < count && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  };
  for (const { pattern, tag } of TOPICS) if (pattern.test(input.title)) add(tag);
  for (const { pattern, tag } of TOPICS) if (pattern.test(input.content)) add(tag);
  for (const tag of BASE_TAGS) add(tag);
  return tags;
}

/** The question a post about this topic asks its readers (the title's topic first). */
export function questionFor(input: Pick<StoryInput, 'title' | 'content'>): string {
  const asked = (text: string) => TOPICS.find(({ pattern, question }) => question && pattern.test(text))?.question;
  return asked(input.title) ?? asked(input.content) ?? DEFAULT_QUESTION;
}

/** What a story is made of, taken from the post. */
export type Parts = {
  title: string;
  /** The post's key point: its opening sentence (or its opening words). */
  keyPoint: string;
  /** Concrete details after the key point, the most concrete first. */
  details: string[];
  /** The post's advice, in its order. */
  advice: string[];
  question: string;
};

/** An opening shorter than this takes the next sentence with it ("Form fills are easy to count. Phone calls are not…"). */
const SHORT_OPENING = 60;

export function partsOf(input: StoryInput): Parts {
  const title = stripTags(input.title);
  const plain = withoutLeadingHeadline(stripTags(input.content), title);
  // A sentence that only repeats the headline is no part of the story (the card shows the headline).
  const all = sentencesOf(plain).filter((s) => withoutLeadingHeadline(s, title) === s);
  let opening = 0;
  let keyPoint = all[0] ?? '';
  while (keyPoint.length < SHORT_OPENING && opening + 1 < all.length) keyPoint = `${keyPoint} ${all[++opening]}`;
  // Content that only repeats the headline leaves no key point: the story is then its question alone.
  if (!isKeySentence(keyPoint)) keyPoint = clip(keyPoint, 200);
  const rest = all.slice(opening + 1).filter(isKeySentence);
  const isAdvice = (s: string) => ADVICE_VERBS.test(s) || LABELLED.test(s);
  const concrete = rest.filter((s) => CONCRETE.test(s) && !isAdvice(s));
  const details = [...concrete, ...rest.filter((s) => !isAdvice(s) && !concrete.includes(s))];
  const advice = rest.filter(isAdvice);
  return { title, keyPoint, details, advice, question: questionFor(input) };
}

/** A paragraph of a story and how much it matters: lower ranks are placed first when room is short. */
type Block = { text: string; rank: number };

/**
 * The content from these blocks that fits `budget` characters as the platform counts them: the key point
 * always (cut if it alone is too long), then the others by rank while they fit, shown in their own order.
 */
function fill(blocks: Block[], budget: number, platform: Platform): string {
  const present = blocks.filter((b) => b.text);
  const chosen = new Set<Block>();
  const size = () =>
    countChars(
      present
        .filter((b) => chosen.has(b))
        .map((b) => b.text)
        .join('\n\n'),
      platform,
    );
  for (const block of [...present].sort((a, b) => a.rank - b.rank)) {
    chosen.add(block);
    if (size() > budget && chosen.size > 1) chosen.delete(block);
  }
  const text = present
    .filter((b) => chosen.has(b))
    .map((b) => b.text)
    .join('\n\n');
  return clip(text, budget);
}

const list = (items: string[], marker: (i: number) => string) => items.map((item, i) => `${marker(i)} ${item}`).join('\n');

type Draft = { blocks: Block[]; hashtags: string[]; callToAction: string; visualSuggestion: string };

const drafts: Record<Platform, (p: Parts, input: StoryInput) => Draft> = {
  // Room for the whole argument: the point, the detail, the steps as a numbered list, a question for the
  // comments, and a reason to save it. No link in the text: Instagram only links from the bio.
  instagram: (p, input) => ({
    blocks: [
      { text: p.keyPoint, rank: 0 },
      { text: p.details[0] ?? '', rank: 2 },
      { text: p.advice.length ? `Try this:\n${list(p.advice.slice(0, 4), (i) => `${i + 1}.`)}` : '', rank: 3 },
      { text: `${p.question} Tell us in the comments.`, rank: 1 },
      { text: 'Save this for your next planning day, and send it to an owner who could use it.', rank: 4 },
    ],
    hashtags: hashtagsFor(input, 12),
    callToAction: input.link ? 'Read the full article: tap the link in bio.' : 'Follow us for more local marketing tips.',
    visualSuggestion: `A square carousel: slide 1 shows "${clip(p.title, 60)}" in bold type on the brand blue; one slide per step; the last slide points to the link in bio.`,
  }),
  // Professional and practical: the point and the evidence, what we would do, the post's own
  // conclusion, and a question that invites other owners to answer.
  linkedin: (p, input) => ({
    blocks: [
      { text: p.keyPoint, rank: 0 },
      { text: p.details[0] ?? '', rank: 1 },
      { text: p.advice.length ? `What we would do this month:\n${list(p.advice.slice(0, 4), () => '•')}` : '', rank: 3 },
      { text: p.details.slice(1, 3).join(' '), rank: 4 },
      { text: `${p.question} We would like to hear how other Toronto owners handle it.`, rank: 2 },
    ],
    hashtags: hashtagsFor(input, 5),
    callToAction: input.link ? 'Read the full article at the link above.' : 'Follow Northline Digital for weekly marketing insights.',
    visualSuggestion: 'A 1200×627 link card: the article headline over a photo of a Toronto storefront or team at work, with the agency logo in a corner.',
  }),
  // Friendly and short: the point with its detail, one tip, and a question for the comments.
  facebook: (p, input) => ({
    blocks: [
      { text: p.keyPoint, rank: 0 },
      { text: p.details[0] ?? '', rank: 2 },
      { text: tip(p.advice), rank: 3 },
      { text: `${p.question} Tell us below.`, rank: 1 },
    ],
    hashtags: hashtagsFor(input, 2),
    callToAction: input.link ? 'Read the full post on our blog.' : 'Send us a message with your questions.',
    visualSuggestion: 'The article image as a wide link preview, or a short 15-second video reading out the first tip.',
  }),
  // A tweet: the point, the detail that makes it concrete, and the question; the link goes last.
  twitter: (p, input) => ({
    blocks: [
      { text: p.keyPoint, rank: 0 },
      { text: p.details[0] ?? '', rank: 2 },
      { text: p.details[1] ?? '', rank: 3 },
      { text: p.question, rank: 1 },
    ],
    hashtags: hashtagsFor(input, 2),
    callToAction: input.link ? 'Full post on our blog.' : 'Follow for more local marketing tips.',
    visualSuggestion: 'A 16:9 card with the headline in large type and one key number from the article.',
  }),
};

/** One piece of advice as a tip: a plain sentence introduced as ours, or a labelled one as it is. */
function tip(advice: string[]): string {
  const plain = advice.find((a) => !LABELLED.test(a));
  if (plain) return `Our tip: ${plain[0].toLowerCase()}${plain.slice(1)}`;
  return advice[0] ?? '';
}

/** One story for one platform, obeying its rules. */
export function writeTemplateStory(input: StoryInput, platform: Platform): Story {
  const parts = partsOf(input);
  const { blocks, hashtags, callToAction, visualSuggestion } = drafts[platform](parts, input);
  const content = fill(blocks, contentBudget(platform, input.link, hashtags), platform);
  return enforceRules({ platform, headline: parts.title, content, callToAction, hashtags, visualSuggestion }, platform, input.link);
}

/** One story per platform, in the order instagram, linkedin, facebook, twitter. */
export function writeTemplateStories(input: StoryInput): Story[] {
  return platforms.map((platform) => writeTemplateStory(input, platform));
}

/** Both writers answer through this interface; `writer` says which one produced the stories. */
/** `signal`: the request's deadline; a writer that waits on something (a model) stops waiting when it aborts. */
export type StoryWriter = {
  writeAll(input: StoryInput, signal?: AbortSignal): Promise<{ stories: Story[]; writer: WriterName }>;
  writeOne(input: StoryInput, platform: Platform, signal?: AbortSignal): Promise<{ story: Story; writer: WriterName }>;
};

export const templateWriter: StoryWriter = {
  writeAll: async (input) => ({ stories: writeTemplateStories(input), writer: 'template' }),
  writeOne: async (input, platform) => ({ story: writeTemplateStory(input, platform), writer: 'template' }),
};
