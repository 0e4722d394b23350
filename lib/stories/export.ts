import { postText } from './rules.ts';
import { platformLabels, type Story } from './schema.ts';

// The clipboard formats: one story as it would be posted (Copy), and every story as labelled
// blocks separated by a divider (Export All).

export const EXPORT_DIVIDER = '\n\n----------------------------------------\n\n';

/** What Copy puts on the clipboard: the post text followed by its hashtags. */
export function copyText(story: Story): string {
  return postText(story);
}

/** One labelled block: platform, headline, content, call to action, hashtags joined by spaces, visual suggestion. */
export function exportBlock(story: Story): string {
  const lines = [
    `${platformLabels[story.platform].toUpperCase()}`,
    `Headline: ${story.headline}`,
    '',
    'Content:',
    story.content,
    '',
    `Call to Action: ${story.callToAction}`,
    `Hashtags: ${story.hashtags.join(' ')}`,
  ];
  if (story.visualSuggestion) lines.push(`Visual Suggestion: ${story.visualSuggestion}`);
  return lines.join('\n');
}

/** What Export All puts on the clipboard. */
export function exportAll(stories: readonly Story[]): string {
  return stories.map(exportBlock).join(EXPORT_DIVIDER);
}
