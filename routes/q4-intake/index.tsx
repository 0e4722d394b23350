import { ApplySection, FitList, HowItWorks, IntakeFaq, IntakeHero, ProofBullets, TrustBar } from '../../components/intake/IntakeSections.tsx';
import { intakeJsonLd, intakeMeta } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';

export default definePage<{ siteUrl: string }>({
  load: (c) => ({ siteUrl: c.get('deps').config.PUBLIC_SITE_URL }),
  meta: ({ siteUrl }) => ({ ...intakeMeta, path: intake.path, jsonLd: intakeJsonLd(siteUrl) }),
  // The data is the same for every visitor of this process.
  Component: () => (
    <>
      <IntakeHero />
      <TrustBar />
      <ProofBullets />
      <FitList />
      <HowItWorks />
      <IntakeFaq />
      <ApplySection />
    </>
  ),
});
