import {
  REEL_COMMENTS_LIMIT,
  REEL_CONTENT_TYPE,
  REELS_PAGE_SIZE,
  type EditReelBody,
  type PresignedUrlResponse,
  type ReelComment,
  type ReportReelBody,
} from '@saathi/shared';
import { api } from '../../lib/api-client';

/** The `/incidents/*` calls of SPEC.md §7. */
export const reelsApi = {
  page: (page: number) => api.call('GET /incidents/reels', { query: { page, pageSize: REELS_PAGE_SIZE } }),
  like: (userId: number, incidentId: number, isLiked: boolean) => api.call('POST /incidents/like-incident', { body: { userId, incidentId, isLiked } }),
  checkLike: (userId: number, incidentId: number) => api.call('GET /incidents/check-like', { query: { userId, incidentId } }),
  logShare: (userId: number, incidentId: number) => api.call('POST /incidents/log-share', { body: { userId, incidentId } }),
  /** SPEC.md §7: a non-array answer counts as no comments. */
  comments: async (incidentId: number): Promise<ReelComment[]> => {
    const answer: unknown = await api.call('GET /incidents/reels-comments', { query: { incidentId, limit: REEL_COMMENTS_LIMIT } });
    return Array.isArray(answer) ? (answer as ReelComment[]) : [];
  },
  addComment: (userId: number, incidentId: number, text: string) =>
    api.call('POST /incidents/add-comment', { body: { userId, incidentId, comment_text: text } }),
  presign: () => api.call('GET /incidents/get-presigned-url', { query: { fileName: 'reel.webm', contentType: REEL_CONTENT_TYPE } }),
  /** SPEC.md §7 body {videoUrl, latitude?, longitude?}, plus the title and caption when given. */
  register: (videoUrl: string, position: { latitude: number; longitude: number } | null, text: { title?: string; description?: string } = {}) =>
    api.call('POST /incidents/upload', {
      body: {
        videoUrl,
        ...(position ? { latitude: String(position.latitude), longitude: String(position.longitude) } : {}),
        ...text,
      },
    }),
  /** The author changes the title and/or caption. */
  edit: (id: number, changes: EditReelBody) => api.call('PATCH /incidents/reels/:id', { params: { id }, body: changes }),
  /** Tells the moderators what is wrong with someone else's reel (once per person). */
  report: (id: number, report: ReportReelBody) => api.call('POST /incidents/reels/:id/report', { params: { id }, body: report }),
};

/**
 * PUTs the recording to the presigned URL the server returned (its local upload route or the
 * bucket) with the signed headers. Not a call of the API contract: it goes to that URL as
 * given (no path of ours is written here), and the signature is its only credential, as with
 * S3 (no Authorization header, no credentials cross-origin). XMLHttpRequest rather than fetch,
 * because only it reports upload progress.
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
