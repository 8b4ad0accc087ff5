import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSlugResponse } from '@shared/slug.contract';
import { apiJson } from '@web/lib/api';
import { setCurrentUser } from '@web/lib/session';

/** PUT /api/auth/slug: the owner's new public slug; the cached user takes the answer. */
export function useUpdateSlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiJson<UpdateSlugResponse>('PUT', '/api/auth/slug', { slug }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
