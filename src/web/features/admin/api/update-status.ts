import { adminStatusPath, type AdminVideoResponse } from '@shared/admin.contract';
import type { VideoStatus } from '@shared/videos.contract';
import { apiJson } from '@web/lib/api';

/** PUT /api/admin/videos/{id}/status with the notes box's text and the status the admin saw. */
export function updateVideoStatus(
  videoId: string,
  input: { status: VideoStatus; notes: string; from: VideoStatus },
): Promise<AdminVideoResponse> {
  return apiJson<AdminVideoResponse>('PUT', adminStatusPath(videoId), input);
}
