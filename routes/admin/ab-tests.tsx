import { Island } from '../../client/islands/Island.tsx';
import { pageContainer } from '../../components/ui/styles.ts';
import { dashboardData } from '../../db/queries/ab-tests.ts';
import type { AbDashboardProps } from '../../islands/AbDashboard.tsx';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import { definePage } from '../../server/page.tsx';

export default definePage<AbDashboardProps>({
  meta: { title: 'A/B Test Dashboard | Northline Digital', description: 'Results of the running A/B tests.', path: '/admin/ab-tests', noindex: true },
  // Who may see it is decided where it is routed (routes/admin/index.ts: AB_DASHBOARD_ACCESS).
  load: async (c) => {
    const { sql, now, config } = c.get('deps');
    const time = now();
    const data = await withDatabaseDeadline(dashboardData(sql, time));
    return { ...data, loadedAt: time.toISOString(), apiBase: config.AB_DASHBOARD_ACCESS === 'staff' ? '/admin/api/ab-test' : '/api/ab-test' };
  },
  Component: (props) => (
    <section className="bg-slate-50">
      <div className={`${pageContainer} py-12 sm:py-16`}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">A/B Test Dashboard</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">
          Every experiment running on the site, with unique-visitor counts and the statistics to judge them. Wait for the verdict before you call a winner.
        </p>
        <div className="mt-8">
          <Island name="AbDashboard" props={props} />
        </div>
      </div>
    </section>
  ),
});
