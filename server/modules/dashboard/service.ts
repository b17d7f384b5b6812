import type { DashboardResponse } from '../../../common/schemas/dashboard';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import type { MediaUrls } from '../media/index';
import { dashboardStatement } from './dashboard.read-model';
import { presentDashboard } from './presenter';

export interface DashboardDeps {
  db: Database;
  clock: Clock;
  urls: MediaUrls;
}

/**
 * SPEC §7 GET /api/v1/dashboard for the signed-in user: every figure read from the database in
 * one statement (dashboard.read-model.ts).
 */
export async function dashboardOf(deps: DashboardDeps, userId: string): Promise<DashboardResponse> {
  const rows = await dashboardStatement(deps.db, 'creator').execute({
    userId,
    now: deps.clock.now().toISOString(),
  });
  const first = rows[0]?.figures;
  return presentDashboard(
    {
      views: first?.views ?? 0,
      likes: first?.likes ?? 0,
      subscribers: first?.subscribers ?? 0,
      earnings: first?.earnings ?? [],
      recent: rows.flatMap((row) => (row.recent ? [row.recent] : [])),
    },
    deps.urls,
  );
}
