import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@shared/admin.contract';
import type { VideoStatus } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { refreshAdminVideos } from './admin-videos';

export interface StatusChange {
  videoId: string;
  status: VideoStatus;
  /** The notes box's text, saved with the change. */
  notes: string;
  /** The status the admin saw: the server answers 409 when someone moved it meanwhile. */
  from: VideoStatus;
}

/** PUT /api/admin/videos/{id}/status; the desk's list is read again whatever the answer. */
export function useUpdateVideoStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, ...body }: StatusChange) =>
      api(adminEndpoints.status, { params: { id: videoId }, body }),
    onSettled: () => refreshAdminVideos(queryClient),
  });
}
