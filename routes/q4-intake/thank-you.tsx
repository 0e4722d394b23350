import { ThankYou } from '../../components/intake/ThankYou.tsx';
import { thankYouMeta } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

export default definePage({
  cache: sameForEveryone,
  meta: { ...thankYouMeta, path: intake.thankYouPath, noindex: true },
  Component: ThankYou,
});
