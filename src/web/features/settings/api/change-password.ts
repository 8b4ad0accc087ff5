import { useMutation } from '@tanstack/react-query';
import { accountEndpoints, type ChangePasswordBody } from '@shared/account.contract';
import { api } from '@web/lib/api';

/** PUT /api/auth/settings/password: every other session of the user is signed out; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api(accountEndpoints.password, { body }),
  });
}
