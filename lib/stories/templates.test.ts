import { describe, expect, test } from 'bun:test';
import { PLATFORM_RULES, ruleViolations, storyLength } from './rules.ts';
import { type Platform, platforms, type Story, storySchema } from './schema.ts';
import { hashtagsFor, keySentences, partsOf, questionFor, sentencesOf, templateWriter, writeTemplateStories, writeTemplateStory } from './templates.ts';

const input = {
  title: 'Five Reviews a Month: A Simple System for Contractors',
  content:
    'A basement renovation in North York is a $60,000 decision. Before anyone picks up the phone, they read your reviews, and they notice the dates. Twelve glowing reviews from 2021 say less than five solid ones from this summer. The best time to ask is the walkthrough on the last day.',
  link: 'https://northlinedigital.ca/blog/contractor-review-system',
};

/** Whole articles, as the blog hands them to the generator (HTML, a heading that repeats the title, lists). */
const articles = [
  {
    title: 'Which Marketing Actually Makes the Phone Ring? Track Your Calls',
    content: `<h1>Which Marketing Actually Makes the Phone Ring? Track Your Calls</h1>
      <p>Form fills are easy to count. Phone calls are not, and for cleaners, contractors and medspas they are often 60 to 70 percent of new business. Without tracking, you are judging your marketing on the minority of leads you can see.</p>
      <h2>How call tracking works</h2>
      <p>Each channel gets its own local 416 or 647 number that forwards to your real line: one for Google Ads, one for your Business Profile, one for the website. Callers notice nothing, and you see which source every call came from.</p>
      <h2>What to look at each month</h2>
      <ul><li>Calls per source, and how many were new customers rather than existing ones.</li><li>Missed calls by hour, so you know when to add coverage.</li><li>Cost per booked job for each paid channel.</li></ul>
      <p>Once you can see this, budget decisions stop being guesses. Move money toward the sources that book real work and away from the ones that only look busy.</p>`,
    link: 'https://northlinedigital.ca/blog/call-tracking-for-local-businesses',
  },
  {
    title: 'Spring Move-Out Cleans: Book May Before April Ends',
    content:
      'Spring Move-Out Cleans: Book May Before April Ends. May is moving season in Toronto, and the cleaning companies that publish a move-out package in April book most of those jobs. A clear price range ($250 to $450 for a one-bedroom) answers the question every renter asks first. Put the package on its own page with photos of a finished kitchen. Answer every enquiry within the hour: the second company to reply rarely gets the job. Post a short update on your Google profile each week of April. Ask every move-out client for a review the day the keys are handed back.',
    link: 'https://northlinedigital.ca/blog/spring-move-out-cleans',
  },
  input,
];

/** How full a story should be for a whole article: a share of the platform's limit. */
const FULL: Record<Platform, number> = { instagram: 0.2, linkedin: 0.2, facebook: 0.6, twitter: 0.6 };

const startsWithHeadline = (story: Story) => story.content.toLowerCase().startsWith(story.headline.toLowerCase().slice(0, 20));

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

  test('no story opens with its headline, even when the article repeats its title at the top', () => {
    for (const article of articles)
      for (const story of writeTemplateStories(article)) {
        expect(story.headline).toBe(article.title);
        expect(startsWithHeadline(story), `${story.platform}: ${story.content.slice(0, 80)}`).toBe(false);
        expect(story.content).not.toContain(article.title);
      }
  });

  test('each story is within its platform’s limit and reasonably full: the key point, a concrete detail, and a question', () => {
    for (const article of articles)
      for (const story of writeTemplateStories(article)) {
        const { count, limit } = storyLength(story);
        expect(limit).toBe(PLATFORM_RULES[story.platform].maxChars);
        expect(count, `${story.platform} of "${article.title}"`).toBeLessThanOrEqual(limit);
        // A four-sentence post cannot fill a LinkedIn or Instagram post; a whole article can, and any post fills a tweet.
        if (article !== input || story.platform === 'facebook' || story.platform === 'twitter')
          expect(count, `${story.platform} of "${article.title}"`).toBeGreaterThanOrEqual(Math.round(FULL[story.platform] * limit));
        expect(story.content).toContain('?');
        // Whole sentences: no story is cut off mid-thought.
        expect(story.content).not.toContain('…');
        expect(ruleViolations(story)).toEqual([]);
      }
    const [calls, spring, reviews] = articles.map((a) => writeTemplateStories(a));
    // The key point and a concrete detail from each post, on every platform.
    for (const story of calls) expect(story.content).toContain('Form fills are easy to count. Phone calls are not');
    for (const story of calls.slice(0, 3)) expect(story.content).toMatch(/416 or 647|60 to 70 percent/);
    for (const story of spring) expect(story.content).toContain('May is moving season in Toronto');
    for (const story of spring.slice(0, 3)) expect(story.content).toContain('$250 to $450');
    for (const story of reviews) expect(story.content).toContain('$60,000');
  });

  test('each platform has its own shape: a numbered list on Instagram, bullets on LinkedIn, one tip on Facebook, a short tweet', () => {
    const [instagram, linkedin, facebook, twitter] = writeTemplateStories(articles[1]);
    expect(instagram.content).toContain('Try this:\n1. Put the package on its own page');
    expect(instagram.content).toContain('Tell us in the comments.');
    expect(instagram.content).not.toContain('http');
    expect(linkedin.content).toContain('What we would do this month:\n• ');
    expect(linkedin.content.split('\n• ').length - 1).toBeGreaterThanOrEqual(3);
    expect(facebook.content).toContain('Our tip: put the package on its own page');
    expect(twitter.content.split('\n\n').length).toBeLessThanOrEqual(4);
    expect(twitter.content).toEndWith(`${articles[1].link}?utm_source=twitter&utm_medium=social`);
  });

  test('the question follows the post’s topic, its title first', () => {
    expect(questionFor({ title: 'Five Reviews a Month', content: 'Ads and calendars.' })).toBe('When did your last review come in?');
    expect(questionFor({ title: 'Track your calls', content: '' })).toBe('Do you know which ad made your phone ring last week?');
    expect(questionFor({ title: 'A note', content: 'Nothing topical here.' })).toBe('What is one thing you would change about your marketing this month?');
  });

  test('the parts of a post: a short opening takes the next sentence, details are the concrete ones first, advice is kept apart', () => {
    const parts = partsOf(articles[0]);
    expect(parts.keyPoint).toBe(
      'Form fills are easy to count. Phone calls are not, and for cleaners, contractors and medspas they are often 60 to 70 percent of new business.',
    );
    expect(parts.details[0]).toStartWith('Each channel gets its own local 416 or 647 number');
    expect(parts.advice).toEqual(['Move money toward the sources that book real work and away from the ones that only look busy.']);
  });

  test('a post that is only its headline is answered with a question, not the headline again', () => {
    for (const story of writeTemplateStories({ title: 'Spring leads', content: 'Spring leads' })) {
      expect(startsWithHeadline(story)).toBe(false);
      expect(ruleViolations(story)).toEqual([]);
    }
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

  test('sentences keep their quotations whole', () => {
    expect(sentencesOf('Say it plainly: "Would you mind? I will text you." Make it one tap. Done.')).toEqual([
      'Say it plainly: "Would you mind? I will text you."',
      'Make it one tap.',
      'Done.',
    ]);
  });

  test('helpers', () => {
    expect(keySentences('One short. This one is long enough to be a key sentence. And so is this one, clearly enough!')).toEqual([
      'This one is long enough to be a key sentence.',
      'And so is this one, clearly enough!',
    ]);
    expect(hashtagsFor({ title: 'Google Ads for medspas', content: '' }, 3)).toEqual(['#GoogleAds', '#Medspa', '#TorontoBusiness']);
  });
});
