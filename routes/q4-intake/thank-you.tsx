import { ThankYou } from '../../components/intake/ThankYou.tsx';
import { thankYouMeta } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

/**
 * The confirmation, the same for every application: a first one and one from an email that applied
 * before are answered alike (routes/api/q4-intake.ts), so the page never tells whether an email applied.
 */
export default definePage({
  cache: sameForEveryone,
  meta: { ...thankYouMeta, path: intake.thankYouPath, noindex: true },
  Component: ThankYou,
});
