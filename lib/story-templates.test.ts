import { describe, expect, test } from 'bun:test';
import { ruleViolations } from './story-rules.ts';
import { platforms, storySchema } from './story-schema.ts';
import { hashtagsFor, keySentences, templateWriter, writeTemplateStories, writeTemplateStory } from './story-templates.ts';

const input = {
  title: 'Five Reviews a Month: A Simple System for Contractors',
  content:
    'A basement renovation in North York is a $60,000 decision. Before anyone picks up the phone, they read your reviews, and they notice the dates. Twelve glowing reviews from 2021 say less than five solid ones from this summer. The best time to ask is the walkthrough on the last day.',
  link: 'https://northlinedigital.ca/blog/contractor-review-system',
};

describe('template writer', () => {
  test('writes one valid story per platform, in order', () => {
    const stories = writeTemplateStories(input);
    expect(stories.map((s) => s.platform)).toEqual([...platforms]);
    for (const story of stories) {
      expect(storySchema.safeParse(story).success).toBe(true);
      expect(ruleViolations(story)).toEqual([]);
      expect(story.headline).toBe(input.title);
    }
  });

  test('is deterministic: the same input always gives the same stories', () => {
    expect(writeTemplateStories(input)).toEqual(writeTemplateStories({ ...input }));
    expect(JSON.stringify(writeTemplateStory(input, 'twitter'))).toBe(JSON.stringify(writeTemplateStory(input, 'twitter')));
  });

  test('different posts give different stories', () => {
    const other = writeTemplateStories({
      ...input,
      title: 'Instagram for Coaches',
      content: 'Coaches who post every day still book nothing. Give every post a next step for the reader.',
    });
    expect(other[0].content).not.toBe(writeTemplateStories(input)[0].content);
  });

  test('uses the post: its opening sentence and topical hashtags', () => {
    const [instagram, , , twitter] = writeTemplateStories(input);
    expect(twitter.content).toContain('A basement renovation in North York');
    expect(instagram.hashtags).toContain('#OnlineReviews');
    expect(instagram.hashtags).toContain('#Contractors');
    expect(instagram.callToAction).toMatch(/link in bio/i);
  });

  test('copes with a post of one short line and no link, and with HTML content', () => {
    for (const story of writeTemplateStories({ title: 'Hi', content: 'Short.' })) {
      expect(storySchema.safeParse(story).success).toBe(true);
      expect(ruleViolations(story)).toEqual([]);
      expect(story.content).not.toMatch(/https?:/);
    }
    const html = writeTemplateStory({ title: '<b>Bold</b> title', content: '<p>Tags <script>x()</script>are stripped from the content here.</p>' }, 'facebook');
    expect(html.content).not.toContain('<');
    expect(html.content).not.toContain('x()');
  });

  test('a very long post still fits every platform', () => {
    const stories = writeTemplateStories({ ...input, content: `${'This sentence is long enough to count as a key point for the writer. '.repeat(400)}` });
    for (const story of stories) expect(ruleViolations(story)).toEqual([]);
  });

  test('the writer interface says the template writer answered', async () => {
    expect((await templateWriter.writeAll(input)).writer).toBe('template');
    expect((await templateWriter.writeOne(input, 'linkedin')).story.platform).toBe('linkedin');
  });

  test('helpers', () => {
    expect(keySentences('One short. This one is long enough to be a key sentence. And so is this one, clearly enough!')).toEqual([
      'This one is long enough to be a key sentence.',
      'And so is this one, clearly enough!',
    ]);
    expect(hashtagsFor({ title: 'Google Ads for medspas', content: '' }, 3)).toEqual(['#GoogleAds', '#Medspa', '#TorontoBusiness']);
  });
});
