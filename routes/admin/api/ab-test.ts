import { Hono } from 'hono';
import type { AppEnv } from '../../../server/deps.ts';
import { requireStaff } from '../../../server/staff-auth.ts';
import { abResultsApi } from '../../api/_ab-results.ts';

/** The A/B read APIs for staff (where the staff cookie goes): what the dashboard reads with AB_DASHBOARD_ACCESS=staff. */
export default new Hono<AppEnv>().use(requireStaff('api')).route('/', abResultsApi);
