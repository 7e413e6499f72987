// TEMPORARY: stands in for api-client's pageStats and api-paths' CSV path until they land from
// the API branch. Removed before the final commit.
import { pagePaths } from '../core/api-paths';
import { type PageStats, pageStatsSchema } from '../core/schemas/stats';
import { request } from '../lib/api';

export async function pageStats(slug: string, days: number): Promise<PageStats> {
  return pageStatsSchema.parse(await request(`${pagePaths.page(slug)}/stats?days=${days}`));
}

export const statsCsvPath = (slug: string, days: number) => `${pagePaths.page(slug)}/stats.csv?days=${days}`;
