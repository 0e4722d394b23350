// Migrations in the order they apply. Imported as text so a compiled binary carries them. A migration
// may have a step in TypeScript, run in the same transaction after its SQL, for what SQL cannot work out.
import type { TransactionSql } from 'postgres';
import { replyBy } from '../../lib/time/business-days.ts';
import init from './0001_init.sql' with { type: 'text' };
import abTestsSeed from './0002_ab_tests_seed.sql' with { type: 'text' };
import storyBudget from './0003_story_budget.sql' with { type: 'text' };
import backOffice from './0004_back_office.sql' with { type: 'text' };
import leadDelivery from './0005_lead_delivery.sql' with { type: 'text' };
import sharedState from './0006_shared_state.sql' with { type: 'text' };
import staffSecurity from './0007_staff_security.sql' with { type: 'text' };
import retention from './0008_retention.sql' with { type: 'text' };
import booking from './0009_booking.sql' with { type: 'text' };
import abBooked from './0010_ab_booked.sql' with { type: 'text' };
import intakeConsents from './0011_intake_consents.sql' with { type: 'text' };

export type Migration = { name: string; sql: string; after?: (tx: TransactionSql) => Promise<void> };

export const migrations: ReadonlyArray<Migration> = [
  { name: '0001_init', sql: init },
  { name: '0002_ab_tests_seed', sql: abTestsSeed },
  { name: '0003_story_budget', sql: storyBudget },
  { name: '0004_back_office', sql: backOffice, after: setReplyByOfEarlierLeads },
  { name: '0005_lead_delivery', sql: leadDelivery },
  { name: '0006_shared_state', sql: sharedState },
  { name: '0007_staff_security', sql: staffSecurity },
  { name: '0008_retention', sql: retention },
  { name: '0009_booking', sql: booking },
  { name: '0010_ab_booked', sql: abBooked },
  { name: '0011_intake_consents', sql: intakeConsents },
];

/** The leads copied in by 0004 get their reply-by time by the Ontario business-day rule. */
async function setReplyByOfEarlierLeads(tx: TransactionSql): Promise<void> {
  const leads = await tx<{ kind: string; id: string; createdAt: Date }[]>`select kind, id, created_at from leads`;
  for (let i = 0; i < leads.length; i += 500) {
    const batch = leads.slice(i, i + 500).map((l) => [l.kind, l.id, replyBy(l.createdAt).toISOString()]);
    await tx`
      update leads set reply_by = v.reply_by::timestamptz
      from (values ${tx(batch)}) as v (kind, id, reply_by)
      where leads.kind = v.kind and leads.id = v.id`;
  }
}
