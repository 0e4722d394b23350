import type { budgetOptions } from '../intake/schema.ts';

// What a lead is worth before and after it is won, in CAD a month. Before: the audit's own estimate of
// the monthly value of the work, or for a Q4 application the middle of the budget band the owner chose
// (an open band counts at its floor: "$10,000+" is worth at least $10,000, and a guess above it would
// inflate every report). After: the retainer staff enter when they mark the lead won (`wonValue`).

type BudgetBand = (typeof budgetOptions)[number]['value'];

/** The monthly value of each budget band: its midpoint, or its floor when it has no ceiling. */
export const BUDGET_BAND_VALUE: Readonly<Record<BudgetBand, number>> = {
  'under-1000': 500,
  '1000-2500': 1750,
  '2500-5000': 3750,
  '5000-10000': 7500,
  '10000+': 10000,
};

/** A lead's pipeline value in CAD a month: the audit's estimate, the intake band's value, or 0 when neither is known. */
export function pipelineValue(lead: { kind: 'audit' | 'intake'; estimatedValue?: number | string | null; budget?: string | null }): number {
  if (lead.kind === 'audit') {
    const value = Number(lead.estimatedValue ?? 0);
    return Number.isFinite(value) && value > 0 ? value : 0;
  }
  return lead.budget && lead.budget in BUDGET_BAND_VALUE ? BUDGET_BAND_VALUE[lead.budget as BudgetBand] : 0;
}
