import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PayoutSetting,
  type OwnPayoutSettingsUpdateRequest,
} from '../../../../../common/schemas/payouts';
import { request } from '../../../shared/api/request';

/** A creator's own payout settings (issue 15): GET and PUT /api/v1/payouts/me. */

export const payoutKeys = {
  own: ['payouts', 'me'] as const,
};

export function useOwnPayout() {
  return useQuery({
    queryKey: payoutKeys.own,
    queryFn: async () => PayoutSetting.parse(await request('/api/v1/payouts/me')),
  });
}

export function useUpdateOwnPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OwnPayoutSettingsUpdateRequest) =>
      PayoutSetting.parse(await request('/api/v1/payouts/me', { method: 'PUT', body })),
    onSuccess: (saved) => queryClient.setQueryData(payoutKeys.own, saved),
  });
}
