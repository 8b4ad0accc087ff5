import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slugEndpoints } from '@shared/slug.contract';
import { api } from './api';
import { setCurrentUser } from './session';

/** PUT /api/auth/slug (the dashboard's and /customize's link card): the cached user takes the answer. */
export function useUpdateSlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => api(slugEndpoints.update, { body: { slug } }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
