import { isbot } from 'isbot';
import { memoizeByString } from './memo.ts';

// Crawlers, link previews and other programs, told apart from people by their user agent (isbot's list:
// search engines, SEO tools, the previews chat apps and social sites make of a shared link, HTTP
// libraries). Pure: the A/B visitor cookie, the landing cookies and the page-view counts all ask it.

/** Whether a user agent is a program rather than a person's browser. Most requests come from a few browsers: the answer is remembered per user agent. */
export const isCrawlerAgent = memoizeByString(isbot, 1000);
