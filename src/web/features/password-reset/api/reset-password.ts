import { useMutation } from '@tanstack/react-query';
import { passwordResetEndpoints, type ResetPasswordBody } from '@shared/password-reset.contract';
import { api } from '@web/lib/api';

/** POST /api/auth/reset-password: the new password is set and every session signed out. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api(passwordResetEndpoints.reset, { body }),
  });
}
