import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { videoEndpoints, type updateVideoBody } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

/** The title, the description and the class details (issue #20), as PATCH takes them. */
export type VideoEdit = z.input<typeof updateVideoBody>;

/** PATCH /api/auth/videos/:id with the new title, description and details; the list refetches. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VideoEdit & { id: string }) =>
      api(videoEndpoints.update, { params: { id }, body }),
    onSuccess: () => refetchOwnerVideos(queryClient),
  });
}
