import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MembershipTrials } from '../../../../../common/schemas/trials';
import { request } from '../../../shared/api/request';

/** Free trials of a creator's paid tiers (issue 43): their settings and the public offer. */
export const trialKeys = {
  own: ['creator-trials'] as const,
  of: (username: string) => ['creator-trials', username] as const,
};

/** The signed-in creator's own trial days (creator settings). */
export function useOwnTrials(enabled = true) {
  return useQuery({
    queryKey: trialKeys.own,
    enabled,
    queryFn: async () => MembershipTrials.parse(await request('/api/v1/creator/trials')),
  });
}

/** The trial days a creator's tier cards offer; `enabled` false without a username. */
export function useCreatorTrials(username: string | undefined) {
  return useQuery({
    queryKey: trialKeys.of(username ?? ''),
    enabled: username !== undefined && username !== '',
    queryFn: async () =>
      MembershipTrials.parse(
        await request(`/api/v1/creators/${encodeURIComponent(username ?? '')}/trials`),
      ),
  });
}

export function useSetTrials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MembershipTrials) =>
      MembershipTrials.parse(await request('/api/v1/creator/trials', { method: 'PUT', body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(trialKeys.own, saved);
      return queryClient.invalidateQueries({ queryKey: ['creator-trials'] });
    },
  });
}
