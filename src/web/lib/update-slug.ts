import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVALID_URL_TITLE, SLUG_TAKEN, slugEndpoints } from '@shared/slug.contract';
import { api, ApiError, failureMessage, isNetworkError } from './api';
import { setCurrentUser } from './session';

/** PUT /api/auth/slug (the dashboard's and /customize's link card): the cached user takes the answer. */
export function useUpdateSlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => api(slugEndpoints.update, { body: { slug } }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}

/**
 * A refused slug change in the server's words: a taken one (409) or a refused one (400) belongs
 * under the field (`field`); anything else (the network, too many changes) is a toast.
 */
export function slugUpdateFailure(error: unknown): {
  title: string;
  description: string;
  field: boolean;
} {
  if (isNetworkError(error)) {
    return {
      title: 'Error',
      description: 'Unable to update the URL. Please try again.',
      field: false,
    };
  }
  const status = error instanceof ApiError ? error.status : 0;
  return {
    title: status === 409 ? 'Slug unavailable' : INVALID_URL_TITLE,
    description: failureMessage(error, SLUG_TAKEN),
    field: status === 409 || status === 400,
  };
}
