import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoEndpoints } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

/** DELETE /api/auth/videos/:id (the stored files go too); the list refetches. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(videoEndpoints.remove, { params: { id } }),
    onSuccess: () => refetchOwnerVideos(queryClient),
  });
}
