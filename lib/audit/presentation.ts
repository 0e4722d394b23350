import { type NextStep, nextStepFor } from './next-step.ts';
import { personalLines } from './personal.ts';
import { type AuditRecord, estimateWorking } from './scoring.ts';

// What the results say beyond the figures (the lines about the business's industry and goals, the
// estimate's working, the next step), worked out on the server and handed to the results view with the
// audit: the API's answer carries it to the island, so the browser never downloads these texts for
// every industry and tier (they cost the guide page its JS budget).

export type ResultsPresentation = { personal: readonly string[]; working: string; next: NextStep };

/** The answers the presentation is worked out from. */
type PresentedAnswers = Pick<AuditRecord, 'industry' | 'primaryGoals' | 'monthlyRevenue' | 'marketingBudget' | 'packageTier'>;

/** `emailed`: whether the results go to the person by email (a mail server is set up: SMTP_URL). */
export const presentResults = (audit: PresentedAnswers, { emailed }: { emailed: boolean }): ResultsPresentation => ({
  personal: personalLines(audit),
  working: estimateWorking(audit),
  next: nextStepFor(audit, { emailed }),
});
