// Generated from the files in routes/ by site/route-list.ts (bun start, bun run build and bun test
// write it when routes/ changes). Do not edit: add, rename or remove a file in routes/ instead.
import type { RouteFile } from '../server/routing.ts';
import * as route0 from '../routes/admin/_middleware.ts';
import * as route1 from '../routes/audit/results/_middleware.ts';
import * as route2 from '../routes/index.tsx';
import * as route3 from '../routes/admin/index.ts';
import * as route4 from '../routes/admin/ab-tests.tsx';
import * as route5 from '../routes/admin/account.tsx';
import * as route6 from '../routes/admin/analytics.tsx';
import * as route7 from '../routes/admin/analytics.csv.ts';
import * as route8 from '../routes/admin/api/ab-test.ts';
import * as route9 from '../routes/admin/api/analytics.ts';
import * as route10 from '../routes/admin/api/content.ts';
import * as route11 from '../routes/admin/api/conversions/google-ads.csv.ts';
import * as route12 from '../routes/admin/api/experiments.ts';
import * as route13 from '../routes/admin/api/leads/[kind]/[id]/status.ts';
import * as route14 from '../routes/admin/api/people/index.ts';
import * as route15 from '../routes/admin/api/people/[id]/calls.ts';
import * as route16 from '../routes/admin/api/people/[id]/erase.ts';
import * as route17 from '../routes/admin/api/people/[id]/next-action.ts';
import * as route18 from '../routes/admin/board.tsx';
import * as route19 from '../routes/admin/booking.tsx';
import * as route20 from '../routes/admin/content.tsx';
import * as route21 from '../routes/admin/experiments.tsx';
import * as route22 from '../routes/admin/leads/index.tsx';
import * as route23 from '../routes/admin/leads/bulk.ts';
import * as route24 from '../routes/admin/leads/[kind]/[id].tsx';
import * as route25 from '../routes/admin/leads.csv.ts';
import * as route26 from '../routes/admin/login.tsx';
import * as route27 from '../routes/admin/logout.ts';
import * as route28 from '../routes/admin/password-reset.tsx';
import * as route29 from '../routes/admin/people/[id].tsx';
import * as route30 from '../routes/admin/sessions.tsx';
import * as route31 from '../routes/api/ab-test.ts';
import * as route32 from '../routes/api/analytics/audit-started.ts';
import * as route33 from '../routes/api/booking/index.ts';
import * as route34 from '../routes/api/booking/slots.ts';
import * as route35 from '../routes/api/business-audit.ts';
import * as route36 from '../routes/api/q4-intake.ts';
import * as route37 from '../routes/api/rss-feed.ts';
import * as route38 from '../routes/api/social-stories.ts';
import * as route39 from '../routes/audit/results/[token].tsx';
import * as route40 from '../routes/blog.tsx';
import * as route41 from '../routes/book/index.tsx';
import * as route42 from '../routes/book/manage/[token].tsx';
import * as route43 from '../routes/healthz.ts';
import * as route44 from '../routes/metrics.ts';
import * as route45 from '../routes/q4-intake/index.tsx';
import * as route46 from '../routes/q4-intake/thank-you.tsx';
import * as route47 from '../routes/services/index.tsx';
import * as route48 from '../routes/services/[slug].tsx';
import * as route49 from '../routes/social-generator.tsx';
import * as route50 from '../routes/what-is-digital-marketing.tsx';

export const routeFiles: readonly RouteFile[] = [
  { file: 'routes/admin/_middleware.ts', path: '/admin', kind: 'middleware', module: route0 },
  { file: 'routes/audit/results/_middleware.ts', path: '/audit/results', kind: 'middleware', module: route1 },
  { file: 'routes/index.tsx', path: '/', kind: 'route', module: route2 },
  { file: 'routes/admin/index.ts', path: '/admin', kind: 'route', module: route3 },
  { file: 'routes/admin/ab-tests.tsx', path: '/admin/ab-tests', kind: 'route', module: route4 },
  { file: 'routes/admin/account.tsx', path: '/admin/account', kind: 'route', module: route5 },
  { file: 'routes/admin/analytics.tsx', path: '/admin/analytics', kind: 'route', module: route6 },
  { file: 'routes/admin/analytics.csv.ts', path: '/admin/analytics.csv', kind: 'route', module: route7 },
  { file: 'routes/admin/api/ab-test.ts', path: '/admin/api/ab-test', kind: 'route', module: route8 },
  { file: 'routes/admin/api/analytics.ts', path: '/admin/api/analytics', kind: 'route', module: route9 },
  { file: 'routes/admin/api/content.ts', path: '/admin/api/content', kind: 'route', module: route10 },
  { file: 'routes/admin/api/conversions/google-ads.csv.ts', path: '/admin/api/conversions/google-ads.csv', kind: 'route', module: route11 },
  { file: 'routes/admin/api/experiments.ts', path: '/admin/api/experiments', kind: 'route', module: route12 },
  { file: 'routes/admin/api/leads/[kind]/[id]/status.ts', path: '/admin/api/leads/:kind/:id/status', kind: 'route', module: route13 },
  { file: 'routes/admin/api/people/index.ts', path: '/admin/api/people', kind: 'route', module: route14 },
  { file: 'routes/admin/api/people/[id]/calls.ts', path: '/admin/api/people/:id/calls', kind: 'route', module: route15 },
  { file: 'routes/admin/api/people/[id]/erase.ts', path: '/admin/api/people/:id/erase', kind: 'route', module: route16 },
  { file: 'routes/admin/api/people/[id]/next-action.ts', path: '/admin/api/people/:id/next-action', kind: 'route', module: route17 },
  { file: 'routes/admin/board.tsx', path: '/admin/board', kind: 'route', module: route18 },
  { file: 'routes/admin/booking.tsx', path: '/admin/booking', kind: 'route', module: route19 },
  { file: 'routes/admin/content.tsx', path: '/admin/content', kind: 'route', module: route20 },
  { file: 'routes/admin/experiments.tsx', path: '/admin/experiments', kind: 'route', module: route21 },
  { file: 'routes/admin/leads/index.tsx', path: '/admin/leads', kind: 'route', module: route22 },
  { file: 'routes/admin/leads/bulk.ts', path: '/admin/leads/bulk', kind: 'route', module: route23 },
  { file: 'routes/admin/leads/[kind]/[id].tsx', path: '/admin/leads/:kind/:id', kind: 'route', module: route24 },
  { file: 'routes/admin/leads.csv.ts', path: '/admin/leads.csv', kind: 'route', module: route25 },
  { file: 'routes/admin/login.tsx', path: '/admin/login', kind: 'route', module: route26 },
  { file: 'routes/admin/logout.ts', path: '/admin/logout', kind: 'route', module: route27 },
  { file: 'routes/admin/password-reset.tsx', path: '/admin/password-reset', kind: 'route', module: route28 },
  { file: 'routes/admin/people/[id].tsx', path: '/admin/people/:id', kind: 'route', module: route29 },
  { file: 'routes/admin/sessions.tsx', path: '/admin/sessions', kind: 'route', module: route30 },
  { file: 'routes/api/ab-test.ts', path: '/api/ab-test', kind: 'route', module: route31 },
  { file: 'routes/api/analytics/audit-started.ts', path: '/api/analytics/audit-started', kind: 'route', module: route32 },
  { file: 'routes/api/booking/index.ts', path: '/api/booking', kind: 'route', module: route33 },
  { file: 'routes/api/booking/slots.ts', path: '/api/booking/slots', kind: 'route', module: route34 },
  { file: 'routes/api/business-audit.ts', path: '/api/business-audit', kind: 'route', module: route35 },
  { file: 'routes/api/q4-intake.ts', path: '/api/q4-intake', kind: 'route', module: route36 },
  { file: 'routes/api/rss-feed.ts', path: '/api/rss-feed', kind: 'route', module: route37 },
  { file: 'routes/api/social-stories.ts', path: '/api/social-stories', kind: 'route', module: route38 },
  { file: 'routes/audit/results/[token].tsx', path: '/audit/results/:token', kind: 'route', module: route39 },
  { file: 'routes/blog.tsx', path: '/blog', kind: 'route', module: route40 },
  { file: 'routes/book/index.tsx', path: '/book', kind: 'route', module: route41 },
  { file: 'routes/book/manage/[token].tsx', path: '/book/manage/:token', kind: 'route', module: route42 },
  { file: 'routes/healthz.ts', path: '/healthz', kind: 'route', module: route43 },
  { file: 'routes/metrics.ts', path: '/metrics', kind: 'route', module: route44 },
  { file: 'routes/q4-intake/index.tsx', path: '/q4-intake', kind: 'route', module: route45 },
  { file: 'routes/q4-intake/thank-you.tsx', path: '/q4-intake/thank-you', kind: 'route', module: route46 },
  { file: 'routes/services/index.tsx', path: '/services', kind: 'route', module: route47 },
  { file: 'routes/services/[slug].tsx', path: '/services/:slug', kind: 'route', module: route48 },
  { file: 'routes/social-generator.tsx', path: '/social-generator', kind: 'route', module: route49 },
  { file: 'routes/what-is-digital-marketing.tsx', path: '/what-is-digital-marketing', kind: 'route', module: route50 },
];
