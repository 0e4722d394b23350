import { expect, test } from 'bun:test';
import { reportCsv, reportCsvName } from './csv.ts';
import { buildReport } from './report.ts';
import { REPORT_TABLES } from './schema.ts';

const report = buildReport({
  range: { from: '2026-11-24', to: '2026-11-24' },
  days: [{ date: '2026-11-24', visitors: 3, pageviews: 7 }],
  pages: [{ route: '/', visitors: 3, pageviews: 7 }],
  visits: [
    { source: 'newsletter', medium: 'email', campaign: '=cmd|" /C calc"!A0', landing: '/', visitors: 2, auditStarted: 1 },
    { source: 'direct', medium: 'none', campaign: '', landing: '+1 landing, "quoted"', visitors: 1, auditStarted: 0 },
  ],
  leads: [],
  variants: [],
  now: new Date('2026-11-24T17:00:00Z'),
  timeZone: 'America/Toronto',
});

test('each table: a header of words, CRLF rows, rates and amounts a spreadsheet reads as numbers', () => {
  expect(reportCsv(report, 'days')).toBe('Date,Visitors,Page views\r\n2026-11-24,3,7\r\n');
  const sources = reportCsv(report, 'sources').split('\r\n');
  expect(sources[0]).toBe('Source,Medium,Campaign,Visitors,Started the audit,Leads,Booked,Won,Lead rate,Pipeline value (CAD),Won value (CAD)');
  expect(sources[2]).toBe('direct,none,,1,0,0,0,0,0.0000,0.00,0.00');
  expect(reportCsv(report, 'funnel').split('\r\n')[2]).toBe('audit_started,Started the audit,1,0.3333,0.3333,2');
  for (const table of REPORT_TABLES) expect(reportCsv(report, table).endsWith('\r\n'), table).toBe(true);
});

test('a visitor’s text (a campaign, a landing) is escaped and cannot run as a formula', () => {
  const sources = reportCsv(report, 'sources');
  expect(sources).toContain(`newsletter,email,"'=cmd|"" /C calc""!A0",2,1`);
  expect(reportCsv(report, 'landings')).toContain(`"'+1 landing, ""quoted""",1,0`);
});

test('a file name naming the table and the range', () => {
  expect(reportCsvName('sources', { from: '2026-10-28', to: '2026-11-24' })).toBe('analytics-sources-2026-10-28-to-2026-11-24.csv');
});
