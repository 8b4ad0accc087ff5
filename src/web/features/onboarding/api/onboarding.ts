import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingEndpoints, type CompleteOnboardingBody } from '@shared/onboarding.contract';
import { api } from '@web/lib/api';
import { refetchCurrentUser } from '@web/lib/session';

/** GET /api/auth/check-slug: whether the slug is free (a slug breaking the rules answers 400). */
export function useCheckSlug() {
  return useMutation({
    mutationFn: (slug: string) => api(onboardingEndpoints.checkSlug, { query: { slug } }),
  });
}

/** POST /api/auth/complete-onboarding (once per account); the current user is read again. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteOnboardingBody) => api(onboardingEndpoints.complete, { body }),
    onSuccess: () => refetchCurrentUser(queryClient),
  });
}
