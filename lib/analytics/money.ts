import { formatDollars } from '../audit/scoring.ts';

// Amounts in CAD as staff read them: "$2,500", or "$2,500.50" when there are cents (a retainer may have
// them; a report's totals are whole dollars, formatDollars). Pure.

/** "$2,500" or "$2,500.50". */
export function formatCad(amount: number): string {
  const cents = Math.round(amount * 100);
  const rest = Math.abs(cents % 100);
  const whole = formatDollars((cents - (cents % 100)) / 100);
  return rest === 0 ? whole : `${cents < 0 && whole === '$0' ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}
