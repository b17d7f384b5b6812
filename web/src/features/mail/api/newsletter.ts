import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatorUpdateResponse,
  ItemMailStats,
  NewsletterOutbox,
  NotificationPreferences,
  type CreatorUpdateRequest,
  type NotificationPreferencesUpdate,
} from '../../../../../common/schemas/newsletter';
import { request } from '../../../shared/api/request';

/*
 * New-post e-mails (issue 42): the per-creator choices of account settings, a creator's update
 * to their members, an item's mail counts and the admin outbox's newsletters.
 */

export const newsletterKeys = {
  preferences: ['newsletter', 'preferences'] as const,
  itemStats: (itemId: number | null) => ['newsletter', 'item-stats', itemId] as const,
  outbox: ['newsletter', 'outbox'] as const,
};

/** Every creator the signed-in person follows or belongs to, with their mail choice. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: newsletterKeys.preferences,
    queryFn: async () =>
      NotificationPreferences.parse(await request('/api/v1/users/notification-preferences')),
  });
}

/** Changes the creators named; the server answers every creator's choice, which is kept. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationPreferencesUpdate) =>
      NotificationPreferences.parse(
        await request('/api/v1/users/notification-preferences', { method: 'PUT', body }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(newsletterKeys.preferences, answer),
  });
}

/** A creator's short update, mailed to their members. */
export function usePostCreatorUpdate() {
  return useMutation({
    mutationFn: async (body: CreatorUpdateRequest) =>
      CreatorUpdateResponse.parse(await request('/api/v1/creator/updates', { body })),
  });
}

/** How many new-post e-mails an item sent and how many were clicked (its owner and staff). */
export function useItemMailStats(itemId: number | null) {
  return useQuery({
    queryKey: newsletterKeys.itemStats(itemId),
    enabled: itemId !== null,
    queryFn: async () =>
      ItemMailStats.parse(await request(`/api/v1/creator/items/${itemId}/mail-stats`)),
  });
}

/** The latest newsletters with their counts (the admin outbox). */
export function useNewsletterOutbox() {
  return useQuery({
    queryKey: newsletterKeys.outbox,
    queryFn: async () => NewsletterOutbox.parse(await request('/api/v1/admin/outbox/newsletters')),
  });
}
