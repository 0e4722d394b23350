import { expect, test } from 'bun:test';
import { joinNotes, STAFF_EXPORT_COLUMNS, type StaffExportLead, staffExportRow } from './export.ts';

const lead = (overrides: Partial<StaffExportLead> = {}): StaffExportLead => ({
  kind: 'audit',
  id: 'a1',
  createdAt: new Date('2026-11-03T04:30:00Z'),
  replyBy: new Date('2026-11-05T04:59:00Z'),
  firstReachedAt: null,
  name: 'Maya Chen',
  business: 'Leslieville Bakery',
  email: 'maya@example.com',
  phone: null,
  personId: 'p1',
  score: 61,
  tier: 'growth',
  budget: null,
  status: 'not a fit',
  ownerId: null,
  ownerEmail: null,
  isSpam: false,
  erasedAt: null,
  source: 'google',
  marketingConsent: false,
  deliveryFailed: false,
  firstTouch: JSON.stringify({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'fall', landing: '/', at: '2026-11-01T12:00:00.000Z' }),
  audit: null,
  application: null,
  bookingPhone: null,
  nextAction: null,
  notes: [],
  ...overrides,
});

const cells = (l: StaffExportLead) => Object.fromEntries(STAFF_EXPORT_COLUMNS.map((c, i) => [c, staffExportRow(l)[i]]));

test('notes: each on its Toronto day (a note at 23:30 in Toronto is that day, not the next UTC one), oldest first as given, joined with |', () => {
  expect(
    joinNotes([
      { at: new Date('2026-11-04T04:30:00Z'), author: 'Priya', note: 'Called, no answer' },
      { at: new Date('2026-11-04T15:00:00Z'), author: 'Sam Okafor', note: 'Booked for Friday' },
    ]),
  ).toBe('2026-11-03 Priya: Called, no answer | 2026-11-04 Sam Okafor: Booked for Friday');
  expect(joinNotes([])).toBe('');
});

test('a row has a cell under every heading; values in words (status, tier, its meaning, source), Toronto times', () => {
  const row = cells(lead({ nextAction: { due: new Date('2026-11-06T19:30:00Z'), what: 'Call back' } }));
  expect(staffExportRow(lead())).toHaveLength(STAFF_EXPORT_COLUMNS.length);
  expect(row).toMatchObject({
    'Received (Toronto time)': '2026-11-02 23:30',
    Status: 'Not a fit',
    'Package tier': 'Growth',
    Source: 'google / cpc · fall',
    'Next action': 'Call back',
    'Next action due (Toronto time)': '2026-11-06 14:30',
    Score: 61,
  });
  expect(String(row['What the tier means'])).toStartWith('Growth: ');
});

test('an erased lead: its answers gone, its source and medium kept, nothing else about the person', () => {
  const row = cells(
    lead({
      name: null,
      business: null,
      email: null,
      erasedAt: new Date('2026-11-20T12:00:00Z'),
      firstTouch: JSON.stringify({ source: 'google', medium: 'cpc' }),
    }),
  );
  expect(row).toMatchObject({ Name: '', Business: '', Email: '', Phone: '', Source: 'google / cpc', Notes: '', 'Monthly budget': '' });
  expect(STAFF_EXPORT_COLUMNS.filter((c) => c.includes(': ')).every((c) => row[c] === '')).toBe(true);
});

test('a lead from before attribution was recorded: source not recorded', () => {
  expect(cells(lead({ source: null, firstTouch: null })).Source).toBe('Not recorded');
});
