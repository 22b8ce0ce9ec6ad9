import { indiaDate, type DeleteAccountBody } from '@saathi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `saathi-data-2026-11-26.json`: the day in India, as the server names the same file. */
export function exportFileName(at: Date = new Date()): string {
  return `saathi-data-${indiaDate(at)}.json`;
}

/** Fetches the export and hands it to the browser as a file download. */
export async function downloadMyData(): Promise<void> {
  const blob = await api.blob('GET /users/me/export');
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName();
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useDownloadMyDataMutation() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeletionCodeMutation() {
  return useMutation({ mutationFn: () => api.call('POST /users/me/deletion-code') });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: (body: DeleteAccountBody) => api.call('DELETE /users/me', { body }) });
}
