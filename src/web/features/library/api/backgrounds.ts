import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backgroundEndpoints, type BuiltInBackgroundId } from '@shared/backgrounds.contract';
import { api } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

/** GET /api/auth/backgrounds: the built-in backgrounds and their previews (they change per release). */
export const backgroundsQuery = queryOptions({
  queryKey: ['backgrounds'] as const,
  queryFn: ({ signal }) => api(backgroundEndpoints.list, { signal }),
  staleTime: Infinity,
});

export function useBackgrounds(enabled: boolean) {
  return useQuery({ ...backgroundsQuery, enabled });
}

/** POST /api/auth/videos/:id/re-enhance with the chosen background; the list refetches. */
export function useReenhance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, backgroundId }: { id: string; backgroundId: BuiltInBackgroundId }) =>
      api(backgroundEndpoints.reenhance, { params: { id }, body: { backgroundId } }),
    onSuccess: () => refetchOwnerVideos(queryClient),
  });
}
