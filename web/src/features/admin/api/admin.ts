import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  AdminContentPage,
  AdminContentResponse,
  AdminReportsPage,
  AdminSalesResponse,
  AdminUserResponse,
  AdminUsersPage,
  AuditPage,
  ResolveReportResponse,
  WarningsPage,
  WarnResponse,
  type AdminContentRow,
  type AdminUserRow,
} from '../../../../../common/schemas/admin';
import type { ReportAction } from '../../../../../common/schemas/reports';
import { request } from '../../../shared/api/request';

/*
 * The admin area (issue 14). Lists page by the server's keyset cursors; writes patch the cached
 * rows from the server's answer, which carries the new state.
 */

export const ADMIN_PAGE_SIZE = 25;

export interface UserFilters {
  q: string;
  role: string;
  status: string;
}
export interface ContentFilters {
  q: string;
  visibility: string;
  reported: string;
}
export interface AuditFilters {
  actor: string;
  subjectType: string;
  subjectId: string;
  action: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  usersAll: ['admin', 'users'] as const,
  users: (filters: UserFilters, limit: number) => ['admin', 'users', filters, limit] as const,
  contentAll: ['admin', 'content'] as const,
  content: (filters: ContentFilters, limit: number) =>
    ['admin', 'content', filters, limit] as const,
  reportsAll: ['admin', 'reports'] as const,
  reports: (status: 'open' | 'resolved') => ['admin', 'reports', status] as const,
  warnings: ['admin', 'warnings'] as const,
  sales: ['admin', 'sales'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

/** `?a=1&b=2` of the filled-in entries (empty filters are left out). */
function queryOf(entries: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

const nextCursorOf = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;

/** SPEC §7 GET /api/users: the admin user rows, page after page. */
export function useAdminUsers(filters: UserFilters, limit = ADMIN_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(filters, limit),
    queryFn: async ({ pageParam }) =>
      AdminUsersPage.parse(
        await request(`/api/users?${queryOf({ ...filters, limit, cursor: pageParam })}`),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });
}

/** SPEC §7 GET /api/content: the admin content rows, page after page. */
export function useAdminContent(filters: ContentFilters, limit = ADMIN_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: adminKeys.content(filters, limit),
    queryFn: async ({ pageParam }) =>
      AdminContentPage.parse(
        await request(`/api/content?${queryOf({ ...filters, limit, cursor: pageParam })}`),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });
}

export function useAdminReports(status: 'open' | 'resolved') {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    queryFn: async ({ pageParam }) =>
      AdminReportsPage.parse(
        await request(
          `/api/v1/admin/reports?${queryOf({ status, limit: ADMIN_PAGE_SIZE, cursor: pageParam })}`,
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });
}

/** The warnings issued (SPEC §2 /admin/reports warnings table). */
export function useAdminWarnings() {
  return useInfiniteQuery({
    queryKey: adminKeys.warnings,
    queryFn: async ({ pageParam }) =>
      WarningsPage.parse(
        await request(
          `/api/v1/admin/warnings?${queryOf({ limit: ADMIN_PAGE_SIZE, cursor: pageParam })}`,
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });
}

export function useAdminSales() {
  return useQuery({
    queryKey: adminKeys.sales,
    queryFn: async () => AdminSalesResponse.parse(await request('/api/v1/admin/sales')),
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: async ({ pageParam }) =>
      AuditPage.parse(
        await request(
          `/api/v1/admin/audit?${queryOf({ ...filters, limit: 50, cursor: pageParam })}`,
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });
}

/** Replaces one row in every cached page of a list, from the server's answer. */
function patchRows<Page extends object, Row extends { id: string | number }>(
  queryClient: QueryClient,
  prefix: readonly unknown[],
  list: keyof Page,
  row: Row,
): void {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: prefix }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            [list]: (page[list] as Row[]).map((r) => (r.id === row.id ? row : r)),
          })),
        }
      : data,
  );
}

/** SPEC §7 POST /api/users/{id}/warn or /api/content/{id}/warn, with an optional reason. */
export function useWarn(target: 'user' | 'content') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string | number; reason: string }) =>
      WarnResponse.parse(
        await request(`/api/${target === 'user' ? 'users' : 'content'}/${id}/warn`, {
          method: 'POST',
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
      ),
    // The counters of both tables and the warnings list change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      suspended,
      reason,
    }: {
      id: string;
      suspended: boolean;
      reason: string;
    }) =>
      AdminUserResponse.parse(
        await request(`/api/v1/admin/users/${id}/${suspended ? 'suspend' : 'reactivate'}`, {
          method: 'POST',
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
      ),
    onSuccess: ({ user }) =>
      patchRows<AdminUsersPage, AdminUserRow>(queryClient, adminKeys.usersAll, 'users', user),
  });
}

export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, hidden, reason }: { id: number; hidden: boolean; reason: string }) =>
      AdminContentResponse.parse(
        await request(`/api/v1/admin/content/${id}/${hidden ? 'hide' : 'unhide'}`, {
          method: 'POST',
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
      ),
    onSuccess: ({ item }) =>
      patchRows<AdminContentPage, AdminContentRow>(
        queryClient,
        adminKeys.contentAll,
        'items',
        item,
      ),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, note }: { id: number; action: ReportAction; note: string }) =>
      ResolveReportResponse.parse(
        await request(`/api/v1/admin/reports/${id}/resolve`, {
          method: 'POST',
          body: note.trim() ? { action, note: note.trim() } : { action },
        }),
      ),
    // The report moves from the open to the resolved list; a warning or a hidden item may follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
