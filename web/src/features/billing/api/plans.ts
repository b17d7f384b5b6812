import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MembershipPlans,
  type SetMembershipPlansRequest,
} from '../../../../../common/schemas/plans';
import { request } from '../../../shared/api/request';

/** Monthly and yearly prices of a creator's paid tiers (issue 43): settings and public offer. */
export const planKeys = {
  own: ['creator-plans'] as const,
  of: (username: string) => ['creator-plans', username] as const,
};

/** The signed-in creator's own prices (creator settings). */
export function useOwnPlans(enabled = true) {
  return useQuery({
    queryKey: planKeys.own,
    enabled,
    queryFn: async () => MembershipPlans.parse(await request('/api/v1/creator/plans')),
  });
}

/** The prices a creator's tier cards and checkout show; `enabled` false without a username. */
export function useCreatorPlans(username: string | undefined) {
  return useQuery({
    queryKey: planKeys.of(username ?? ''),
    enabled: username !== undefined && username !== '',
    queryFn: async () =>
      MembershipPlans.parse(
        await request(`/api/v1/creators/${encodeURIComponent(username ?? '')}/plans`),
      ),
  });
}

export function useSetPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetMembershipPlansRequest) =>
      MembershipPlans.parse(await request('/api/v1/creator/plans', { method: 'PUT', body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(planKeys.own, saved);
      return queryClient.invalidateQueries({ queryKey: ['creator-plans'] });
    },
  });
}
