import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { MyWarning, MyWarningsResponse } from '../../../../../common/schemas/admin';
import { realtime } from '../../../shared/api/realtime';
import { request } from '../../../shared/api/request';

export const warningKeys = {
  mine: ['warnings', 'mine'] as const,
};

/** The signed-in person's warnings not yet acknowledged (the dashboard notice, issue 14). */
export function useMyWarnings() {
  return useQuery({
    queryKey: warningKeys.mine,
    queryFn: async () => MyWarningsResponse.parse(await request('/api/v1/warnings/mine')),
  });
}

/**
 * Keeps the notices current while mounted: a warning pushed over the socket, or the socket
 * becoming ready (it may have missed one while connecting), fetches the list again.
 */
export function useWarningsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: warningKeys.mine });
    const stops = [
      realtime.on('warning.received', refresh),
      realtime.onReady(refresh),
      realtime.retain(),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}

/** Dismisses one notice; the list drops it from the server's answer. */
export function useAcknowledgeWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      z
        .object({ warning: MyWarning })
        .parse(await request(`/api/v1/warnings/${id}/acknowledge`, { method: 'POST' })),
    onSuccess: ({ warning }) =>
      queryClient.setQueryData<MyWarningsResponse>(warningKeys.mine, (data) =>
        data ? { warnings: data.warnings.filter((w) => w.id !== warning.id) } : data,
      ),
  });
}
