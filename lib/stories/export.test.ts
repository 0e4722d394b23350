import { describe, expect, test } from 'bun:test';
import { copyText, EXPORT_DIVIDER, exportAll, exportBlock } from './export.ts';
import type { Story } from './schema.ts';

const instagram: Story = {
  platform: 'instagram',
  headline: 'Five reviews a month',
  content: 'Ask at the walkthrough.\n\nSend the link that evening.',
  callToAction: 'Link in bio.',
  hashtags: ['#Reviews', '#Contractors'],
  visualSuggestion: 'A hard hat beside five stars.',
};
const twitter: Story = { platform: 'twitter', headline: 'Reviews', content: 'Ask at the walkthrough.', callToAction: 'Read more.', hashtags: [] };

describe('export format', () => {
  test('one labelled block: headline, content, call to action, hashtags joined by spaces, visual suggestion', () => {
    expect(exportBlock(instagram)).toBe(
      [
        'INSTAGRAM',
        'Headline: Five reviews a month',
        '',
        'Content:',
        'Ask at the walkthrough.\n\nSend the link that evening.',
        '',
        'Call to Action: Link in bio.',
        'Hashtags: #Reviews #Contractors',
        'Visual Suggestion: A hard hat beside five stars.',
      ].join('\n'),
    );
  });

  test('a story without a visual suggestion has no such line', () => {
    expect(exportBlock(twitter)).not.toContain('Visual Suggestion');
    expect(exportBlock(twitter)).toContain('Hashtags: ');
  });

  test('blocks are separated by a divider, in the given order', () => {
    const all = exportAll([instagram, twitter]);
    expect(all).toBe(`${exportBlock(instagram)}${EXPORT_DIVIDER}${exportBlock(twitter)}`);
    expect(all.split(EXPORT_DIVIDER)).toHaveLength(2);
    expect(exportAll([])).toBe('');
  });

  test('Copy gives the post as published', () => {
    expect(copyText(instagram)).toBe('Ask at the walkthrough.\n\nSend the link that evening.\n\n#Reviews #Contractors');
    expect(copyText(twitter)).toBe('Ask at the walkthrough.');
  });
});
