import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditAction, AuditPage, AuditTargetType, AdminUsersPage, OperationsStatus, Role, UserRoles } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useCursorPagesQuery } from '../../lib/cursor-paging';
import { userKeys } from '../../entities/user';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** An admin acts on what they see; a short staleness keeps another admin's changes close. */
export const MANAGE_STALE_TIME_MS = 15_000;
/** Audit rows per page: about two phone screens. */
export const AUDIT_PAGE_SIZE = 20;
/** The status screen asks again this often while it is open (and the tab is visible). */
export const STATUS_REFRESH_MS = 15_000;

export interface AuditFilters {
  actor?: number;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
}

export const manageKeys = {
  all: ['manage'] as const,
  users: () => [...manageKeys.all, 'users'] as const,
  userSearch: (query: string) => [...manageKeys.users(), query.trim().toLowerCase()] as const,
  audit: () => [...manageKeys.all, 'audit'] as const,
  auditFiltered: (filters: AuditFilters) => [...manageKeys.audit(), filters] as const,
  status: () => [...manageKeys.all, 'status'] as const,
};

export function useAdminUsersQuery(query: string) {
  const text = query.trim();
  return useCursorPagesQuery(
    manageKeys.userSearch(text),
    (cursor, signal): Promise<AdminUsersPage> =>
      api.call('GET /admin/users', { query: { ...(text ? { query: text } : {}), ...(cursor ? { cursor } : {}) }, signal }),
    { staleTime: MANAGE_STALE_TIME_MS },
  );
}

export function useAuditQuery(filters: AuditFilters) {
  return useCursorPagesQuery(
    manageKeys.auditFiltered(filters),
    (cursor, signal): Promise<AuditPage> =>
      api.call('GET /admin/audit', { query: { ...filters, limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, signal }),
    { staleTime: MANAGE_STALE_TIME_MS },
  );
}

/**
 * The last hour at a glance, asked again every 15 s while the screen is open; TanStack Query
 * pauses that while the tab is hidden. A failed refresh keeps the figures last loaded.
 */
export function useOperationsStatusQuery() {
  return useQuery({
    queryKey: manageKeys.status(),
    queryFn: ({ signal }): Promise<OperationsStatus> => api.call('GET /admin/status', { signal }),
    staleTime: STATUS_REFRESH_MS,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** Saving roles changes the user lists and adds an audit row; one's own roles may change too. */
export function useSetRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: Role[] }): Promise<UserRoles> => api.call('PUT /users/:id/roles', { params: { id }, body: { roles } }),
    onSuccess: async () => {
      await Promise.all([
        refetchAfterChange(queryClient, { queryKey: manageKeys.users() }),
        refetchAfterChange(queryClient, { queryKey: manageKeys.audit() }),
        refetchAfterChange(queryClient, { queryKey: userKeys.me() }),
      ]);
    },
  });
}
