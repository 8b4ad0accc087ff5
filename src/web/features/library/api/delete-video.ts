import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEOS_PATH } from '@shared/videos.contract';
import { apiRequest } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

/** DELETE /api/auth/videos/:id (the stored files go too); the list refetches. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${VIDEOS_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => refetchOwnerVideos(queryClient),
  });
}
