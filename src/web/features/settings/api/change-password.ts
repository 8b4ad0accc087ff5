import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '@shared/account.contract';
import { apiJson } from '@web/lib/api';

/** PUT /api/auth/settings/password: every other session of the user is signed out; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiJson<ChangePasswordResponse>('PUT', '/api/auth/settings/password', body),
  });
}
