import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeleteDiscountResponse,
  DiscountCode,
  DiscountList,
  type CreateDiscountRequest,
} from '../../../../../common/schemas/discounts';
import { request } from '../../../shared/api/request';

/** A creator's discount codes (issue 43): /api/v1/creator/discounts. */
export const discountKeys = { list: ['creator-discounts'] as const };

export function useDiscountCodes(enabled = true) {
  return useQuery({
    queryKey: discountKeys.list,
    enabled,
    queryFn: async () => DiscountList.parse(await request('/api/v1/creator/discounts')),
  });
}

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateDiscountRequest) =>
      DiscountCode.parse(await request('/api/v1/creator/discounts', { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.list }),
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      DeleteDiscountResponse.parse(
        await request(`/api/v1/creator/discounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.list }),
  });
}
