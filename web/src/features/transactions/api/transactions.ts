import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RefundResponse,
  TransactionsPage,
  type Transaction,
} from '../../../../../common/schemas/transactions';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { request } from '../../../shared/api/request';

/*
 * Single payments and their refunds (issue 43): the admin's list of every payment, a creator's
 * own, and the refund call, which patches the refunded row in every cached list.
 */

export const TRANSACTIONS_PAGE_SIZE = 25;

export interface TransactionFilters {
  itemId: string;
  creatorId: string;
  buyerId: string;
}

export type TransactionsScope = 'admin' | 'creator';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (scope: TransactionsScope, filters: TransactionFilters) =>
    ['transactions', scope, filters] as const,
};

function queryOf(entries: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** GET /api/v1/admin/transactions or /api/v1/creator/transactions, page after page. */
export function useTransactions(scope: TransactionsScope, filters: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: transactionKeys.list(scope, filters),
    queryFn: async ({ pageParam }) =>
      TransactionsPage.parse(
        await request(
          `/api/v1/${scope}/transactions?${queryOf({
            ...(scope === 'admin' ? filters : { ...filters, creatorId: '' }),
            limit: TRANSACTIONS_PAGE_SIZE,
            cursor: pageParam,
          })}`,
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * POST /api/v1/{admin|creator}/sales/{id}/refund. One Idempotency-Key per confirmed dialog: a
 * retry of the same click books nothing twice.
 */
export function useRefund(scope: TransactionsScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      transaction,
      amountCents,
      key = newIdempotencyKey(),
    }: {
      transaction: Transaction;
      amountCents?: number;
      key?: string;
    }) =>
      RefundResponse.parse(
        await request(`/api/v1/${scope}/sales/${transaction.id}/refund`, {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body: amountCents === undefined ? {} : { amountCents },
        }),
      ),
    onSuccess: (answer) => {
      const row = answer.transaction;
      queryClient.setQueriesData<{ pages: TransactionsPage[] }>(
        { queryKey: transactionKeys.all },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              transactions: page.transactions.map((r) => (r.id === row.id ? row : r)),
            })),
          },
      );
      // Balances, earnings and what the buyer owns changed too.
      void queryClient.invalidateQueries();
    },
  });
}
