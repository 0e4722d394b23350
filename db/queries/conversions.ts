import type { Sql } from 'postgres';
import type { Conversion } from '../../lib/analytics/google-ads.ts';
import { pipelineValue } from '../../lib/analytics/value.ts';

// The conversions an ad platform is told about (lib/analytics/google-ads.ts): each lead, each booked
// session and each won client whose lead came from a Google Ads click (a gclid in its first or last
// touch), in [start, end). Never a spam or erased lead (erasure drops the click ids anyway), never a
// cancelled or erased booking. A won client is counted when its status last became won (the timeline),
// and only while it is still won.

type Row = {
  step: Conversion['step'];
  at: Date;
  kind: string;
  budget: string | null;
  estimatedValue: string | null;
  wonValue: string | null;
  firstTouch: string | null;
  lastTouch: string | null;
};

/** A lead the file may name: not spam, not erased, from a click with a gclid. */
const reportable = (sql: Sql) => sql`
  not l.is_spam and l.erased_at is null
  and (l.first_touch ->> 'gclid' is not null or l.last_touch ->> 'gclid' is not null)`;

export async function googleAdsConversions(sql: Sql, { start, end }: { start: Date; end: Date }): Promise<Conversion[]> {
  const rows = await sql<Row[]>`
    select 'lead' as step, l.created_at as at, l.kind, l.budget, a.estimated_value::text as estimated_value, null as won_value,
      l.first_touch::text as first_touch, l.last_touch::text as last_touch
    from leads l left join business_audits a on l.kind = 'audit' and a.id = l.id
    where ${reportable(sql)} and l.created_at >= ${start} and l.created_at < ${end}
    union all
    select 'booked', b.created_at, l.kind, null, null, null, l.first_touch::text, l.last_touch::text
    from bookings b join leads l on l.kind = b.lead_kind and l.id = b.lead_id
    where ${reportable(sql)} and b.status <> 'cancelled' and b.erased_at is null and b.created_at >= ${start} and b.created_at < ${end}
    union all
    select 'won', w.won_at, w.kind, null, null, w.won_value::text, w.first_touch::text, w.last_touch::text
    from (
      select l.kind, l.won_value, l.first_touch, l.last_touch,
        (select max(e.at) from lead_events e where e.lead_kind = l.kind and e.lead_id = l.id and e.kind = 'status' and e.to_value = 'won') as won_at
      from leads l
      where ${reportable(sql)} and l.status = 'won'
    ) w
    where w.won_at >= ${start} and w.won_at < ${end}`;
  return rows.map((row) => ({
    step: row.step,
    at: row.at,
    firstTouch: row.firstTouch,
    lastTouch: row.lastTouch,
    value:
      row.step === 'won'
        ? row.wonValue
        : row.step === 'lead' && (row.kind === 'audit' || row.kind === 'intake')
          ? pipelineValue({ kind: row.kind, estimatedValue: row.estimatedValue, budget: row.budget })
          : null,
  }));
}
