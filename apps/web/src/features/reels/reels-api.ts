import {
  REEL_COMMENTS_LIMIT,
  REEL_CONTENT_TYPE,
  REELS_PAGE_SIZE,
  type EditReelBody,
  type PresignedUrlResponse,
  type Reel,
  type ReelComment,
} from '@saathi/shared';
import { api } from '../../lib/api-client';

/** The `/incidents/*` calls of SPEC.md §7. */
export const reelsApi = {
  page: (page: number) => api.get<Reel[]>('/incidents/reels', { page, pageSize: REELS_PAGE_SIZE }),
  like: (userId: number, incidentId: number, isLiked: boolean) =>
    api.post<{ isLiked: boolean; likes: number }>('/incidents/like-incident', { userId, incidentId, isLiked }),
  checkLike: (userId: number, incidentId: number) => api.get<boolean>('/incidents/check-like', { userId, incidentId }),
  logShare: (userId: number, incidentId: number) => api.post<{ shares: number }>('/incidents/log-share', { userId, incidentId }),
  /** SPEC.md §7: a non-array answer counts as no comments. */
  comments: async (incidentId: number): Promise<ReelComment[]> => {
    const answer = await api.get<unknown>('/incidents/reels-comments', { incidentId, limit: REEL_COMMENTS_LIMIT });
    return Array.isArray(answer) ? (answer as ReelComment[]) : [];
  },
  addComment: (userId: number, incidentId: number, text: string) =>
    api.post<ReelComment>('/incidents/add-comment', { userId, incidentId, comment_text: text }),
  presign: () => api.get<PresignedUrlResponse>('/incidents/get-presigned-url', { fileName: 'reel.webm', contentType: REEL_CONTENT_TYPE }),
  /** SPEC.md §7 body {videoUrl, latitude?, longitude?}, plus the title and caption when given. */
  register: (videoUrl: string, position: { latitude: number; longitude: number } | null, text: { title?: string; description?: string } = {}) =>
    api.post<Reel>('/incidents/upload', {
      videoUrl,
      ...(position ? { latitude: String(position.latitude), longitude: String(position.longitude) } : {}),
      ...text,
    }),
  /** The author changes the title and/or caption. */
  edit: (id: number, changes: EditReelBody) => api.patch<Reel>(`/incidents/reels/${id}`, changes),
};

/**
 * PUTs the recording to the presigned URL (local route or the bucket) with the signed
 * headers. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function putWithProgress(signed: PresignedUrlResponse, blob: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', signed.presignedUrl);
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload failed with ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(blob);
  });
}
