import { expect, setDefaultTimeout, test } from 'bun:test';
import { closedPortUrl } from '../fixtures/fake-feed-server.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Distinctive personal details, sent through every form on success and failure paths; none may
// appear in anything the server prints.
const CANARY = { first: 'Zephyrine', last: 'Quillfeather', email: 'zq.canary7731@example.ca', phone: '416-555-7731', company: 'Quillfeather Canary Cleaning' };
const CANARY_PATTERNS = [CANARY.first, CANARY.last, CANARY.email, 'canary7731', '555-7731', '5557731', CANARY.company];

const intake = (overrides: Record<string, unknown> = {}) => ({
  firstName: CANARY.first,
  lastName: CANARY.last,
  workEmail: CANARY.email,
  mobile: CANARY.phone,
  company: CANARY.company,
  website: '',
  industry: 'cleaners',
  city: 'Toronto',
  monthlyMarketingBudget: '1000-2500',
  biggestGoal: `More clients for ${CANARY.company}`,
  howDidYouHear: '',
  caslConsent: 'true',
  ...overrides,
});

const audit = (overrides: Record<string, unknown> = {}) => ({
  firstName: CANARY.first,
  lastName: CANARY.last,
  email: CANARY.email,
  phone: CANARY.phone,
  businessName: CANARY.company,
  industry: 'other',
  website: '',
  monthlyRevenue: '10000-25000',
  currentMarketing: ['seo'],
  marketingBudget: '1000-5000',
  primaryGoals: ['lead-generation'],
  timeframe: '3-6-months',
  currentChallenges: ['time'],
  onlinePresence: 'fair',
  competitorAnalysis: 'some-idea',
  previousAgency: 'no',
  ...overrides,
});

async function sendAll(server: RunningServer) {
  const post = (path: string, body: unknown, type = 'application/json') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const statuses: number[] = [];
  for (const res of [
    await post('/api/q4-intake', intake()),
    await post('/api/q4-intake', intake({ workEmail: 'not-an-email', caslConsent: 'false' })),
    await post('/api/q4-intake', `{"firstName":"${CANARY.first}","workEmail":"${CANARY.email}"`),
    await post('/api/q4-intake', { ...intake(), biggestGoal: `${CANARY.email} `.repeat(1000) }),
    await post('/api/q4-intake', `firstName=${CANARY.first}`, 'text/plain'),
    // A plain form post (no JavaScript) with errors: the page again, with the answers, to the sender only.
    await post('/api/q4-intake', `firstName=${CANARY.first}&workEmail=${CANARY.email}`, 'application/x-www-form-urlencoded'),
    await post('/api/business-audit', audit()),
    await post('/api/business-audit', audit({ email: 'nope', industry: 'casino' })),
    await post('/api/business-audit', `{"businessName":"${CANARY.company}","email":"${CANARY.email}"`),
    await post('/api/social-stories/generate', { title: `${CANARY.first} ${CANARY.last}`, content: `Call ${CANARY.phone} or write ${CANARY.email}`, link: '' }),
    await post('/api/social-stories/generate', { title: CANARY.first, content: '', link: `javascript:${CANARY.email}` }),
    await post('/api/ab-test/event', { testId: CANARY.first, variantId: CANARY.email, eventType: 'view', userId: CANARY.phone }),
    await fetch(`${server.url}/api/ab-test/assignment?testName=hero-variant&userId=${encodeURIComponent(CANARY.email)}`),
    await fetch(`${server.url}/no-such-page?email=${encodeURIComponent(CANARY.email)}`),
  ]) {
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  return statuses;
}

function expectNoCanary(output: string) {
  const found = CANARY_PATTERNS.filter((p) => output.toLowerCase().includes(p.toLowerCase()));
  expect(found).toEqual([]);
}

test('personal details never reach the logs, on success or failure', async () => {
  const server = await startServer();
  try {
    const statuses = await sendAll(server);
    expect(statuses).toContain(201);
    expect(statuses).toContain(400);
    expect(statuses).toContain(413);
    expect(statuses).toContain(415);
  } finally {
    await server.stop();
  }
  expect(server.output()).toContain('"route"');
  expectNoCanary(server.output());
});

test('…nor while the database is down', async () => {
  const server = await startServer({ DATABASE_URL: `${(await closedPortUrl()).replace(/^http/, 'postgres')}/postgres` }, undefined, { waitForHealthy: false });
  try {
    const statuses = await sendAll(server);
    expect(statuses).toContain(503);
  } finally {
    await server.stop();
  }
  expect(server.output()).toContain('database not reachable');
  expectNoCanary(server.output());
});
