import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type RegisterBody } from '@shared/auth.contract';
import { api } from '@web/lib/api';

/** POST /api/auth/register: the account is created and signed in (the page then reloads). */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api(authEndpoints.register, { body }),
  });
}
