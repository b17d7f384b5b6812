import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DashboardResponse } from '../../../../../common/schemas/dashboard';
import { ItemStatsResponse } from '../../../../../common/schemas/item-stats';
import { ProfileResponse } from '../../../../../common/schemas/users';
import { adoptServerRole } from '../../../app/auth';
import { isNotFound, request } from '../../../shared/api/request';

/** SPEC §8: the body arrived but is not the object the screen needs ('invalidData'). */
export class InvalidDataError extends Error {
  constructor() {
    super('invalidData');
  }
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: ['dashboard', 'metrics'] as const,
  profile: ['dashboard', 'profile'] as const,
};

function parseOrInvalid<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (!body || typeof body !== 'object') throw new InvalidDataError();
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidDataError();
  return parsed.data;
}

const noRetryOnInvalid = (count: number, error: Error) =>
  !(error instanceof InvalidDataError) && count < 1;

/** SPEC §7 GET /api/v1/dashboard: metrics, earnings and recent content of the signed-in user. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.metrics,
    queryFn: async () => parseOrInvalid(DashboardResponse, await request('/api/v1/dashboard')),
    retry: noRetryOnInvalid,
  });
}

/**
 * SPEC §7 GET /api/v1/users/profile; a 404 falls back to an empty user. The role it answers is
 * the one menus and role-gated routes use (the token's may predate a promotion).
 */
export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dashboardKeys.profile,
    enabled: options.enabled ?? true,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        const profile = parseOrInvalid(ProfileResponse, await request('/api/v1/users/profile'));
        adoptServerRole(profile.id, profile.role);
        return profile;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: noRetryOnInvalid,
  });
}

/** Issue 42: GET /api/v1/creator/items/{id}/stats, the item's first days (owner and staff). */
export function useItemStats(itemId: number | null) {
  return useQuery({
    queryKey: ['dashboard', 'item-stats', itemId] as const,
    enabled: itemId !== null,
    queryFn: async () =>
      parseOrInvalid(ItemStatsResponse, await request(`/api/v1/creator/items/${itemId}/stats`)),
    retry: noRetryOnInvalid,
  });
}
