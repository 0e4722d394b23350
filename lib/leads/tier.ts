import type { PackageTier } from '../audit/scoring.ts';

// What an audit's package tier means, for staff (the CSV export, the tier's tooltip). The tier is chosen
// by packageTier (lib/audit/scoring.ts) from the size of the business alone: its monthly revenue and its
// monthly marketing budget, the larger of the two deciding. The audit score plays no part, so a 31/100
// business can be Enterprise; each sentence says so, and says the rule in the audit form's own ranges.

const MEANING: Record<PackageTier, string> = {
  enterprise:
    'Enterprise: monthly revenue of $50,000 or more, or a marketing budget of $15,000 or more a month (either one is enough). Chosen from revenue and budget alone, not from the audit score.',
  growth:
    'Growth: monthly revenue of $25,000 – $50,000, or a marketing budget of $5,000 – $15,000 a month, and neither in the Enterprise range. Chosen from revenue and budget alone, not from the audit score.',
  starter:
    'Starter: monthly revenue under $25,000 and a marketing budget under $5,000 a month. Chosen from revenue and budget alone, not from the audit score.',
};

/** The tier explained in one plain sentence; empty for a lead without a tier (a Q4 application, a booking). */
export const tierMeaning = (tier: string | null | undefined): string => (tier && Object.hasOwn(MEANING, tier) ? MEANING[tier as PackageTier] : '');
