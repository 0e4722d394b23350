import type { AuditField } from '../audit/schema.ts';
import type { IntakeAnswerField } from '../intake/schema.ts';
import type { CsvValue } from '../text/csv.ts';
import { formatStamp } from '../time/display.ts';
import { AUDIT_ANSWER_QUESTIONS, auditAnswerRows, INTAKE_ANSWER_QUESTIONS, intakeAnswerRows } from './answers.ts';
import { describeTouch, parseErasedTouch, parseStoredTouch } from './attribution.ts';
import { budgetLabel, type LeadRow, leadKindLabel, leadStatusLabel, sourceLabel, tierLabel } from './pipeline.ts';
import { tierMeaning } from './tier.ts';

// The lead export staff open in a spreadsheet (GET /admin/leads.csv): headings in words, values as the
// back office shows them (labels, not stored values), the phone, the tier explained, the person's next
// action (a merged person's is the one they were merged into: db/queries/lead-export.ts), the notes, and every
// audit and Q4 application answer in a column of its own under the form's question. The answers' labels
// come from lib/leads/answers.ts, as on the lead's page; the two forms ask some of the same questions
// ("First name", "Industry"), so each answer column names its form. Scripts that read the machine-named
// columns ask for ?format=raw (routes/admin/leads.csv.ts). Pure: no I/O; the cells are escaped by lib/text/csv.ts.

/** A staff note as the export writes it: when (Toronto day), who, what. */
export type ExportNote = { at: Date; author: string; note: string };

/**
 * A lead with what the export adds: its submission's answers (null when erased or of the other form), a
 * booking's phone (for a lead stored before leads kept the phone), its person's next action, its notes oldest first.
 */
export type StaffExportLead = LeadRow & {
  firstTouch: string | null;
  audit: Record<AuditField, unknown> | null;
  application: Partial<Record<IntakeAnswerField, unknown>> | null;
  bookingPhone: string | null;
  nextAction: { due: Date | null; what: string | null } | null;
  notes: readonly ExportNote[];
};

export const STAFF_EXPORT_COLUMNS: readonly string[] = [
  'Received (Toronto time)',
  'Type',
  'Name',
  'Business',
  'Email',
  'Phone',
  'Status',
  'Owner',
  'Score',
  'Package tier',
  'What the tier means',
  'Monthly budget',
  'Source',
  'Next action',
  'Next action due (Toronto time)',
  'Notes',
  ...AUDIT_ANSWER_QUESTIONS.map(({ question }) => `${leadKindLabel.audit}: ${question}`),
  ...INTAKE_ANSWER_QUESTIONS.map(({ question }) => `${leadKindLabel.intake}: ${question}`),
];

/** "2026-11-03 Priya: Called, back Monday | 2026-11-05 Sam: Sent the proposal", oldest first. */
export const joinNotes = (notes: readonly ExportNote[]): string => notes.map((n) => `${formatStamp(n.at).slice(0, 10)} ${n.author}: ${n.note}`).join(' | ');

/** The first touch as staff read it ("google / cpc · fall-promo"); source and medium only once erased. */
function sourceCell(lead: StaffExportLead): string {
  if (lead.source === null) return sourceLabel(null);
  const erased = parseErasedTouch(lead.firstTouch);
  return erased ? `${erased.source} / ${erased.medium}` : describeTouch(parseStoredTouch(lead.firstTouch));
}

/** One lead's cells, in STAFF_EXPORT_COLUMNS' order. */
export function staffExportRow(lead: StaffExportLead): CsvValue[] {
  const audit = lead.kind === 'audit' && lead.audit ? auditAnswerRows(lead.audit) : null;
  const application = lead.kind === 'intake' && lead.application ? intakeAnswerRows(lead.application) : null;
  const budget = lead.kind === 'intake' ? budgetLabel(lead.budget) : (audit?.find((r) => r.field === 'marketingBudget')?.answer ?? '');
  // The lead's own (kept since people were linked), else its submission's, for a lead stored before then.
  const phone = lead.phone || (lead.audit?.phone as string | null | undefined) || (lead.application?.mobile as string | undefined) || lead.bookingPhone || '';
  const due = lead.nextAction?.due;
  return [
    formatStamp(lead.createdAt),
    leadKindLabel[lead.kind],
    lead.name ?? '',
    lead.business ?? '',
    lead.email ?? '',
    phone,
    leadStatusLabel[lead.status],
    lead.ownerEmail ?? '',
    lead.score,
    tierLabel(lead.tier),
    tierMeaning(lead.tier),
    budget,
    sourceCell(lead),
    lead.nextAction?.what ?? '',
    due ? formatStamp(due) : '',
    joinNotes(lead.notes),
    ...(audit ? audit.map((r) => r.answer) : AUDIT_ANSWER_QUESTIONS.map(() => '')),
    ...(application ? application.map((r) => r.answer) : INTAKE_ANSWER_QUESTIONS.map(() => '')),
  ];
}
