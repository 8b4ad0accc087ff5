import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type ProfileBody } from '@shared/account.contract';
import { api } from '@web/lib/api';
import { setCurrentUser } from '@web/lib/session';

/** PUT /api/auth/settings/profile; the cached user takes the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => api(accountEndpoints.profile, { body }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
