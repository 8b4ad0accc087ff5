import { useMutation } from '@tanstack/react-query';
import {
  emailVerificationEndpoints,
  type VerifyEmailBody,
} from '@shared/email-verification.contract';
import { api } from '@web/lib/api';

/** POST /api/auth/verify-email: the link's address is proven (and, for a change, applied). */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => api(emailVerificationEndpoints.verify, { body }),
  });
}
