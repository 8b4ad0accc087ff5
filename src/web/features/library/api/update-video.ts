import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoEndpoints } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

export interface VideoEdit {
  title: string;
  description: string | null;
}

/** PATCH /api/auth/videos/:id with the new title and description; the list refetches. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VideoEdit & { id: string }) =>
      api(videoEndpoints.update, { params: { id }, body }),
    onSuccess: () => refetchOwnerVideos(queryClient),
  });
}
