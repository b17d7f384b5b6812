import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OwnItem,
  OwnItemList,
  UpdateItemResponse,
  type UpdateItemRequest,
} from '../../../../../common/schemas/items';
import { dashboardKeys } from '../../dashboard/api/dashboard';
import { feedKeys } from '../../feed/api/feed';
import { itemKeys } from './items';
import { profileKeys } from '../../profiles/api/profiles';
import { request } from '../../../shared/api/request';

/*
 * A creator's own items (issue 10): "My items" on the dashboard, and the calls that edit,
 * publish, unpublish and delete one. The list is patched from each answer; the feed, profiles
 * and dashboard are refetched, since what they list changed.
 */

export const ownItemKeys = {
  all: ['own-items'] as const,
  list: ['own-items', 'list'] as const,
};

/** GET /api/v1/aura/mine: every own item, deleted ones included, newest first. */
export function useOwnItems() {
  return useQuery({
    queryKey: ownItemKeys.list,
    queryFn: async () => OwnItemList.parse(await request('/api/v1/aura/mine')),
  });
}

function useRefreshListings() {
  const queryClient = useQueryClient();
  return (changed: OwnItem | null, id: number) => {
    if (changed) {
      queryClient.setQueryData<OwnItemList>(ownItemKeys.list, (list) =>
        list
          ? { items: list.items.map((item) => (item.id === changed.id ? changed : item)) }
          : list,
      );
    }
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ownItemKeys.all }),
      queryClient.invalidateQueries({ queryKey: itemKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: feedKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
  };
}

/** PATCH /api/v1/aura/{id}: the whole upload form; the answer is the item as the owner sees it. */
export function useUpdateItem(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: async (body: UpdateItemRequest) =>
      UpdateItemResponse.parse(await request(`/api/v1/aura/${id}`, { method: 'PATCH', body })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(itemKeys.detail(id), answer.item);
      await refresh(null, id);
    },
  });
}

export type ItemAction = 'publish' | 'unpublish' | 'delete';

/** POST /api/v1/aura/{id}/publish or /unpublish, or DELETE /api/v1/aura/{id}. */
export function useItemAction() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: ItemAction }) =>
      OwnItem.parse(
        await request(action === 'delete' ? `/api/v1/aura/${id}` : `/api/v1/aura/${id}/${action}`, {
          method: action === 'delete' ? 'DELETE' : 'POST',
        }),
      ),
    onSuccess: (answer) => refresh(answer, answer.id),
  });
}
