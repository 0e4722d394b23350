import { createMiddleware } from 'hono/factory';
import { AbDashboard, type AbDashboardProps } from '../../components/ab-dashboard/AbDashboard.tsx';
import { type StaffPageProps, StaffShell } from '../../components/staff/StaffShell.tsx';
import { pageContainer } from '../../components/ui/styles.ts';
import { dashboardData, experimentSources } from '../../db/queries/ab-tests.ts';
import { resultsScopeQuerySchema } from '../../lib/ab/schema.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { definePage } from '../../server/page.tsx';
import { currentStaff, privateHeaders, requireStaff } from '../../server/staff-auth.ts';

/** Open to all unless AB_DASHBOARD_ACCESS=staff; private either way. */
const dashboardAccess = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('deps').config.AB_DASHBOARD_ACCESS === 'staff') return requireStaff('page')(c, next);
  privateHeaders(c);
  await next();
});

/** The dashboard, and the staff member signed in on this request (null: anyone else). */
type DashboardPage = AbDashboardProps & { staff: StaffPageProps['staff'] | null };

export default definePage<DashboardPage>({
  // A signed-in staff member sees it in the back office's frame, with its menu, as any page of the menu;
  // anyone else in the site's, as the specification has it.
  meta: (data) => ({
    title: 'A/B Test Dashboard | Northline Digital',
    description: 'Results of the running A/B tests.',
    path: '/admin/ab-tests',
    noindex: true,
    chrome: data.staff ? 'staff' : 'site',
  }),
  // Live data on every request, and possibly for staff only: never kept (no cache rule).
  middleware: [dashboardAccess],
  load: async (c) => {
    const { sql, now, config } = c.get('deps');
    const time = now();
    const staff = await currentStaff(c);
    // The filter lists what visitors' first touches said (a utm_source, a referrer), which anyone can make
    // say anything ("call-555-scam"): staff only; everyone else sees every visitor's results. A source
    // the filter cannot use (too long, empty) shows every visitor, as the form's first choice does.
    const scope = staff ? resultsScopeQuerySchema.safeParse({ source: c.req.query('source') }) : null;
    const source = scope?.success ? scope.data.source : undefined;
    const [reports, sources] = await withDatabaseDeadline(sql, (db) =>
      Promise.all([dashboardData(db, time, { source }), staff ? experimentSources(db) : Promise.resolve(null)]),
    );
    const apiBase = config.AB_DASHBOARD_ACCESS === 'staff' ? '/admin/api/ab-test' : '/api/ab-test';
    return { reports, loadedAt: time.toISOString(), apiBase, source: source ?? null, sources, staff };
  },
  Component: ({ staff, ...props }) => {
    const dashboard = (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">A/B Test Dashboard</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">
          Every experiment running on the site: what each version shows, how many people saw it and acted, and whether one has clearly won. Each card explains
          its own numbers; wait for a leader before you change the site.
        </p>
        <div className="mt-8">
          <AbDashboard {...props} />
        </div>
      </>
    );
    return staff ? (
      <StaffShell staff={staff} current="/admin/ab-tests">
        {dashboard}
      </StaffShell>
    ) : (
      <section className="bg-slate-50">
        <div className={`${pageContainer} py-12 sm:py-16`}>{dashboard}</div>
      </section>
    );
  },
});
