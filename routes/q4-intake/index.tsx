import { ApplySection, FitList, HowItWorks, IntakeFaq, IntakeHero, ProofBullets, TrustBar } from '../../components/intake/IntakeSections.tsx';
import { intakeJsonLd, intakeMeta } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import type { IslandProps } from '../../server/islands/Island.tsx';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

/** The intake page; `form` is set only when a plain (no-JavaScript) post came back with errors. */
export default definePage<{ siteUrl: string; form?: IslandProps<'IntakeForm'> }>({
  cache: sameForEveryone,
  load: (c) => ({ siteUrl: c.get('deps').config.PUBLIC_SITE_URL }),
  meta: ({ siteUrl }) => ({ ...intakeMeta, path: intake.path, jsonLd: intakeJsonLd(siteUrl) }),
  // The data is the same for every visitor of this process.
  Component: ({ form }) => (
    <>
      <IntakeHero />
      <TrustBar />
      <ProofBullets />
      <FitList />
      <HowItWorks />
      <IntakeFaq />
      <ApplySection form={form} />
    </>
  ),
});
