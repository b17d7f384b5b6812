import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CompMembershipResponse,
  MemberImportReport,
  MemberImportState,
  MemberList,
  type CompMembershipRequest,
  type CompTier,
} from '../../../../../common/schemas/members';
import { readStoredToken, readUploadToken } from '../../../app/token-storage';
import { errorMessage, request, RequestError } from '../../../shared/api/request';

export const membersKeys = {
  all: ['creator-members'] as const,
  list: ['creator-members', 'list'] as const,
  import: (importId: string) => ['creator-members', 'import', importId] as const,
};

/** How often a queued import is asked after (its job usually runs within seconds). */
const IMPORT_POLL_MS = 1500;

/**
 * Where a queued import stands (GET /api/v1/creator/members/imports/{importId}), asked again
 * until its job has run (or given up); once done, the member list reloads.
 */
export function useMemberImport(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: membersKeys.import(importId ?? ''),
    enabled: importId !== null,
    queryFn: async () => {
      const state = MemberImportState.parse(
        await request(`/api/v1/creator/members/imports/${encodeURIComponent(importId ?? '')}`),
      );
      if (state.status === 'done') {
        void queryClient.invalidateQueries({ queryKey: membersKeys.list });
      }
      return state;
    },
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && query.state.data.status !== 'queued')
        ? false
        : IMPORT_POLL_MS,
  });
}

/** The signed-in creator's newest followers and members (GET /api/v1/creator/members). */
export function useCreatorMembers(enabled = true) {
  return useQuery({
    queryKey: membersKeys.list,
    enabled,
    queryFn: async () => MemberList.parse(await request('/api/v1/creator/members')),
  });
}

/** Gives a complimentary membership; the member list reloads. */
export function useGiveComp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompMembershipRequest) =>
      CompMembershipResponse.parse(
        await request('/api/v1/creator/members/comp', { method: 'POST', body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all }),
  });
}

/** Reloads the member list (after an import's job ran). */
export function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: membersKeys.all });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The CSV export, fetched with the session's token (a plain link would carry none). */
export async function fetchMembersCsv(): Promise<Blob> {
  const token = readStoredToken();
  const res = await fetch('/api/v1/creator/members.csv', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = parseJson(await res.text());
    throw new RequestError(res.status, errorMessage(body, res.status), body);
  }
  return res.blob();
}

export interface ImportOptions {
  dryRun: boolean;
  comp: { tier: CompTier; months: number } | null;
  onProgress?: (percent: number) => void;
}

/**
 * Sends a member file to the import call with XMLHttpRequest, because fetch cannot report upload
 * progress. Resolves with the report; rejects with a RequestError carrying the server's reason.
 */
export function importMembersFile(file: File, options: ImportOptions): Promise<MemberImportReport> {
  const query = new URLSearchParams({ dryRun: String(options.dryRun) });
  if (options.comp) {
    query.set('tier', options.comp.tier);
    query.set('months', String(options.comp.months));
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/creator/members/import?${query.toString()}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readUploadToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new RequestError(xhr.status, errorMessage(body, xhr.status), body));
        return;
      }
      const parsed = MemberImportReport.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`Error ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
