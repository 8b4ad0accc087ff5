import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody, SettingsResponse } from '@shared/account.contract';
import { apiJson } from '@web/lib/api';
import { setCurrentUser } from '@web/lib/session';

/** PUT /api/auth/settings/profile; the cached user takes the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) =>
      apiJson<SettingsResponse>('PUT', '/api/auth/settings/profile', body),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
