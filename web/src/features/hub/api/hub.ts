import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  HubCreatorsPage,
  HubDashboardResponse,
  HubUsersPage,
  HubUserUpdateResponse,
  type HubUserRow,
  type HubUserUpdateRequest,
} from '../../../../../common/schemas/hub';
import {
  HubPayoutsPage,
  PayoutRunList,
  PayoutRunSummary,
  PayoutSetting,
  type PayoutSettingsUpdateRequest,
} from '../../../../../common/schemas/payouts';
import { readStoredToken } from '../../../app/token-storage';
import { errorMessage, request, RequestError } from '../../../shared/api/request';

/*
 * The Control Hub's calls (issue 15). Answers are parsed with the shared schemas; writes patch
 * the cached lists with the row the server answered, so the page shows the stored state.
 */

export type CreatorStatusFilter = 'all' | 'active' | 'pending' | 'suspended';
export type RoleFilter = 'all' | 'superadmin' | 'admin' | 'moderator' | 'creator' | 'user';

export const hubKeys = {
  all: ['hub'] as const,
  dashboard: ['hub', 'dashboard'] as const,
  creatorsAll: ['hub', 'creators'] as const,
  creators: (q: string, status: CreatorStatusFilter) => ['hub', 'creators', { q, status }] as const,
  payouts: ['hub', 'payouts'] as const,
  payoutRuns: ['hub', 'payout-runs'] as const,
  usersAll: ['hub', 'users'] as const,
  users: (role: RoleFilter, q: string) => ['hub', 'users', { role, q }] as const,
};

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.size > 0 ? `?${search.toString()}` : '';
};

export function useHubDashboard() {
  return useQuery({
    queryKey: hubKeys.dashboard,
    queryFn: async () => HubDashboardResponse.parse(await request('/api/v1/hub/dashboard')),
  });
}

export function useHubCreators(q: string, status: CreatorStatusFilter) {
  return useInfiniteQuery({
    queryKey: hubKeys.creators(q, status),
    // While a new search loads the table stays (rows keep their state, nothing flashes).
    placeholderData: keepPreviousData,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      HubCreatorsPage.parse(
        await request(`/api/v1/hub/creators${query({ q, status, cursor: pageParam })}`),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useHubPayouts() {
  return useInfiniteQuery({
    queryKey: hubKeys.payouts,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      HubPayoutsPage.parse(await request(`/api/v1/hub/payouts${query({ cursor: pageParam })}`)),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** PUT /api/v1/hub/payouts/{creatorId}: the answered row replaces the cached one. */
export function useUpdateHubPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { creatorId: string; body: PayoutSettingsUpdateRequest }) =>
      PayoutSetting.parse(
        await request(`/api/v1/hub/payouts/${encodeURIComponent(input.creatorId)}`, {
          method: 'PUT',
          body: input.body,
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData<InfiniteData<HubPayoutsPage>>(hubKeys.payouts, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                payouts: page.payouts.map((row) => (row.id === saved.id ? saved : row)),
              })),
            }
          : data,
      );
    },
  });
}

export function usePayoutRuns() {
  return useQuery({
    queryKey: hubKeys.payoutRuns,
    queryFn: async () => PayoutRunList.parse(await request('/api/v1/hub/payouts/runs')),
  });
}

/** POST /api/v1/hub/payouts/run; the caller makes one key per intent, so a retry books nothing. */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (idempotencyKey: string) =>
      PayoutRunSummary.parse(
        await request('/api/v1/hub/payouts/run', {
          method: 'POST',
          body: {},
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hubKeys.payoutRuns }),
  });
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The CSV export of a run, fetched with the session's token (a plain link would carry none). */
export async function fetchPayoutRunCsv(runId: string): Promise<Blob> {
  const token = readStoredToken();
  const res = await fetch(`/api/v1/hub/payouts/runs/${encodeURIComponent(runId)}/export`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const text = await res.text();
    const body = parseJsonOr(text);
    throw new RequestError(res.status, errorMessage(body, res.status), body);
  }
  return res.blob();
}

/*
 * Rows this viewer saved, with when each answer came. A list read that started before a save
 * answered may have been read before the change, and landing after the save it would put the
 * old row back on screen: such a read shows the saved row instead.
 */
type SavedRow = { row: HubUserRow; at: number };
const SAVED_ROW_KEPT_MS = 10 * 60_000;
const savedUserRows = new WeakMap<QueryClient, Map<string, SavedRow>>();

function savedRowsOf(queryClient: QueryClient): Map<string, SavedRow> {
  let rows = savedUserRows.get(queryClient);
  if (!rows) {
    rows = new Map();
    savedUserRows.set(queryClient, rows);
  }
  return rows;
}

function rememberSavedRow(queryClient: QueryClient, row: HubUserRow) {
  const rows = savedRowsOf(queryClient);
  const now = performance.now();
  for (const [id, saved] of rows) if (now - saved.at > SAVED_ROW_KEPT_MS) rows.delete(id);
  rows.set(row.id, { row, at: now });
}

function withRowsSavedSince(
  queryClient: QueryClient,
  page: HubUsersPage,
  readStarted: number,
): HubUsersPage {
  const rows = savedRowsOf(queryClient);
  if (rows.size === 0) return page;
  return {
    ...page,
    users: page.users.map((row) => {
      const saved = rows.get(row.id);
      return saved && saved.at > readStarted ? saved.row : row;
    }),
  };
}

export function useHubUsers(role: RoleFilter, q: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: hubKeys.users(role, q),
    // While a new search loads the table stays (rows keep their state, nothing flashes).
    placeholderData: keepPreviousData,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const readStarted = performance.now();
      const page = HubUsersPage.parse(
        await request(`/api/v1/hub/users${query({ role, q, cursor: pageParam })}`),
      );
      return withRowsSavedSince(queryClient, page, readStarted);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * PATCH /api/v1/hub/users/{id}: the answered row replaces the cached one in every list, and in
 * the answers of list reads already under way.
 */
export function useUpdateHubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; change: HubUserUpdateRequest }) =>
      HubUserUpdateResponse.parse(
        await request(`/api/v1/hub/users/${encodeURIComponent(input.id)}`, {
          method: 'PATCH',
          body: input.change,
        }),
      ),
    onSuccess: ({ user }) => {
      rememberSavedRow(queryClient, user);
      queryClient.setQueriesData<InfiniteData<HubUsersPage>>(
        { queryKey: hubKeys.usersAll },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  users: page.users.map((row) => (row.id === user.id ? user : row)),
                })),
              }
            : data,
      );
      // Roles and active state move creators between statuses and KPIs.
      void queryClient.invalidateQueries({ queryKey: hubKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: hubKeys.creatorsAll });
    },
  });
}
