import { ThankYou } from '../../components/intake/ThankYou.tsx';
import { thankYouMeta } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

/**
 * The confirmation; `?application=updated` (intake.thankYouAgainPath) is the one for someone who applied
 * again in the same intake: it says we already have their application and updated it. The plain page is
 * kept for everyone; that one is rendered for its request (its address has a query).
 */
export default definePage<{ alreadyApplied: boolean }>({
  cache: { ...sameForEveryone, variant: ({ alreadyApplied }) => (alreadyApplied ? null : '') },
  load: (c) => ({ alreadyApplied: c.req.query('application') === 'updated' }),
  meta: { ...thankYouMeta, path: intake.thankYouPath, noindex: true },
  Component: ThankYou,
});
