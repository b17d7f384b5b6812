import { useQuery } from '@tanstack/react-query';
import { SiteResponse } from '../../../../../common/schemas/site';
import { request } from '../../../shared/api/request';

export const siteKeys = { all: ['site'] as const };

/** GET /api/v1/site: the operator's details (runtime settings of the server, issue 10). */
export function useSite() {
  return useQuery({
    queryKey: siteKeys.all,
    queryFn: async () => SiteResponse.parse(await request('/api/v1/site', { token: null })),
    staleTime: Infinity,
  });
}
