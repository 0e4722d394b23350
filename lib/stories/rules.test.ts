import { describe, expect, test } from 'bun:test';
import {
  contentBudget,
  countChars,
  enforceRules,
  normalizeHashtag,
  PLATFORM_RULES,
  postText,
  ruleViolations,
  storyLength,
  withoutLeadingHeadline,
  withUtm,
} from './rules.ts';
import type { Platform, Story } from './schema.ts';

const LINK = 'https://northlinedigital.ca/blog/reviews?ref=feed';
const long = (n: number) => 'Plenty of useful words for local owners. '.repeat(Math.ceil(n / 41)).slice(0, n);

function draft(platform: Platform, overrides: Partial<Story> = {}): Story {
  return {
    platform,
    headline: 'Five reviews a month',
    content: 'Ask at the walkthrough. Send the link by text that evening. Reply to every review.',
    callToAction: 'Read the full post.',
    hashtags: ['#Reviews', '#Contractors'],
    visualSuggestion: 'A hard hat beside five stars.',
    ...overrides,
  };
}

describe('UTM links', () => {
  test('adds utm_source=<platform>&utm_medium=social and keeps existing parameters', () => {
    const url = new URL(withUtm(LINK, 'linkedin')!);
    expect(url.searchParams.get('utm_source')).toBe('linkedin');
    expect(url.searchParams.get('utm_medium')).toBe('social');
    expect(url.searchParams.get('ref')).toBe('feed');
  });

  test('replaces UTM values already present, and refuses non-http links', () => {
    expect(withUtm('https://e.com/?utm_source=x&utm_medium=y', 'facebook')).toBe('https://e.com/?utm_source=facebook&utm_medium=social');
    expect(withUtm('javascript:alert(1)', 'twitter')).toBeNull();
    expect(withUtm('', 'twitter')).toBeNull();
  });
});

describe('counting', () => {
  test('Twitter counts each link as 23 characters', () => {
    const text = `Hi ${'https://example.com/a/very/long/path/that/goes/on/and/on/for/a/while'}`;
    expect(countChars(text, 'twitter')).toBe(3 + 23);
    expect(countChars(text, 'linkedin')).toBe(text.length);
  });

  test('the published text is content then hashtags', () => {
    expect(postText({ content: 'Body', hashtags: ['#A', '#B'] })).toBe('Body\n\n#A #B');
    expect(postText({ content: 'Body', hashtags: [] })).toBe('Body');
  });

  test('hashtags are normalised', () => {
    expect(normalizeHashtag('##local seo tips')).toBe('#LocalSeoTips');
    expect(normalizeHashtag('Toronto')).toBe('#Toronto');
    expect(normalizeHashtag('#2025')).toBeNull();
    expect(normalizeHashtag('#!!')).toBeNull();
  });
});

describe('Twitter', () => {
  test('an over-long tweet is cut to 280 with the link counted as 23, and the link survives', () => {
    const story = enforceRules(draft('twitter', { content: long(900), hashtags: ['#A', '#B', '#C', '#D', '#E'] }), 'twitter', LINK);
    expect(storyLength(story).count).toBeLessThanOrEqual(280);
    expect(story.content).toContain('utm_source=twitter&utm_medium=social');
    expect(story.hashtags.length).toBeLessThanOrEqual(3);
    expect(ruleViolations(story)).toEqual([]);
  });

  test('a long link does not push a tweet over the limit', () => {
    const longLink = `https://northlinedigital.ca/blog/${'x'.repeat(400)}`;
    const story = enforceRules(draft('twitter', { content: long(270) }), 'twitter', longLink);
    expect(storyLength(story).count).toBeLessThanOrEqual(280);
    expect(story.content).toContain(longLink);
  });
});

describe('LinkedIn', () => {
  test('3 to 5 hashtags: too few are filled, too many are cut', () => {
    expect(enforceRules(draft('linkedin', { hashtags: [] }), 'linkedin', LINK).hashtags).toHaveLength(3);
    expect(enforceRules(draft('linkedin', { hashtags: ['#One'] }), 'linkedin', LINK).hashtags[0]).toBe('#One');
    expect(enforceRules(draft('linkedin', { hashtags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }), 'linkedin', LINK).hashtags).toHaveLength(5);
  });

  test('at most 3000 characters', () => {
    const story = enforceRules(draft('linkedin', { content: long(5000) }), 'linkedin', LINK);
    expect(storyLength(story).count).toBeLessThanOrEqual(3000);
    expect(ruleViolations(story)).toEqual([]);
  });
});

describe('Instagram', () => {
  test('no link in the text; the call to action points to the link in bio', () => {
    const story = enforceRules(draft('instagram', { content: `Read it here https://evil.example/x and www.other.example too` }), 'instagram', LINK);
    expect(story.content).not.toMatch(/https?:|www\./);
    expect(story.callToAction).toMatch(/link in bio/i);
    expect(ruleViolations(story)).toEqual([]);
  });

  test('at most 30 hashtags and 2200 characters', () => {
    const tags = Array.from({ length: 45 }, (_, i) => `#Tag${String.fromCharCode(65 + (i % 26))}${i}`);
    const story = enforceRules(draft('instagram', { content: long(4000), hashtags: tags }), 'instagram', LINK);
    expect(story.hashtags.length).toBeLessThanOrEqual(30);
    expect(storyLength(story).count).toBeLessThanOrEqual(2200);
  });
});

describe('Facebook', () => {
  test('concise, with 0 to 3 hashtags', () => {
    const story = enforceRules(draft('facebook', { content: long(3000), hashtags: ['a', 'b', 'c', 'd', 'e'] }), 'facebook', LINK);
    expect(story.hashtags).toHaveLength(3);
    expect(storyLength(story).count).toBeLessThanOrEqual(PLATFORM_RULES.facebook.maxChars);
    expect(enforceRules(draft('facebook', { hashtags: [] }), 'facebook', LINK).hashtags).toEqual([]);
    expect(ruleViolations(story)).toEqual([]);
  });
});

describe('every platform', () => {
  test('links in the text are replaced by the one UTM link; the platform is the one asked for', () => {
    for (const platform of ['linkedin', 'facebook', 'twitter'] as const) {
      const story = enforceRules(draft('instagram', { content: 'See https://evil.example/phish now.' }), platform, LINK);
      expect(story.platform).toBe(platform);
      expect(story.content).not.toContain('evil.example');
      expect(story.content).toContain(withUtm(LINK, platform)!);
    }
  });

  test('without a link, no link is added', () => {
    const story = enforceRules(draft('linkedin'), 'linkedin', undefined);
    expect(story.content).not.toMatch(/https?:/);
  });

  test('ruleViolations notices a broken story', () => {
    const bad: Story = { ...draft('twitter'), content: 'x'.repeat(300), hashtags: ['not a tag'] };
    expect(ruleViolations(bad).length).toBeGreaterThanOrEqual(2);
    expect(ruleViolations({ ...draft('instagram'), content: 'Go to https://e.com' })).toContain('a link in the text');
  });
});

describe('the headline is not repeated', () => {
  test('an opening that only repeats the headline goes, whatever its punctuation or case', () => {
    const headline = 'Which Marketing Actually Makes the Phone Ring? Track Your Calls';
    expect(withoutLeadingHeadline(`${headline}\n\nForm fills are easy to count.`, headline)).toBe('Form fills are easy to count.');
    expect(withoutLeadingHeadline('which marketing actually makes the phone ring — track your calls: Form fills…', headline)).toBe('Form fills…');
    expect(withoutLeadingHeadline(`${headline}. Form fills are easy to count.`, headline)).toBe('Form fills are easy to count.');
  });

  test('content that merely starts like the headline, mentions it later, or is only the headline stays as it is', () => {
    expect(withoutLeadingHeadline('Spring leadsters are rare.', 'Spring leads')).toBe('Spring leadsters are rare.');
    expect(withoutLeadingHeadline('Our checklist: Spring leads.', 'Spring leads')).toBe('Our checklist: Spring leads.');
    expect(withoutLeadingHeadline('Spring leads', 'Spring leads')).toBe('Spring leads');
    expect(withoutLeadingHeadline('Body text.', '')).toBe('Body text.');
  });

  test('enforceRules removes it from any writer’s story', () => {
    const story = enforceRules(draft('facebook', { content: 'Five reviews a month\n\nAsk at the walkthrough.' }), 'facebook', LINK);
    expect(story.content).toStartWith('Ask at the walkthrough.');
  });
});

describe('content budget', () => {
  test('what is left for the content once the link (23 on Twitter) and the hashtags are counted', () => {
    expect(contentBudget('twitter', LINK, ['#A', '#B'])).toBe(280 - 1 - 23 - 2 - 5);
    expect(contentBudget('instagram', LINK, [])).toBe(2200);
    const link = withUtm(LINK, 'facebook')!;
    expect(contentBudget('facebook', LINK, ['#Reviews'])).toBe(500 - 2 - link.length - 2 - 8);
    // A story filling its budget exactly is within the limit.
    const story = enforceRules(
      draft('twitter', { content: 'x'.repeat(contentBudget('twitter', LINK, ['#A', '#B'])), hashtags: ['#A', '#B'] }),
      'twitter',
      LINK,
    );
    expect(storyLength(story).count).toBe(280);
  });
});
