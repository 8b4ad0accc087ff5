import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingEndpoints, type CompleteOnboardingBody } from '@shared/onboarding.contract';
import { api } from '@web/lib/api';
import { refetchCurrentUser } from '@web/lib/session';

/** POST /api/auth/complete-onboarding (once per account); the current user is read again. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteOnboardingBody) => api(onboardingEndpoints.complete, { body }),
    onSuccess: () => refetchCurrentUser(queryClient),
  });
}
