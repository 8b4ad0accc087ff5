import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailVerificationEndpoints } from '@shared/email-verification.contract';
import { api, failureMessage } from './api';
import { setCurrentUser } from './session';
import { toast } from './use-toast';

/**
 * 'Resend' (the dashboard's banner, a pending change in Settings): the link for what waits goes
 * out again; the answer (or the refusal) is a toast.
 */
export function useResendEmailLink() {
  return useMutation({
    mutationFn: () => api(emailVerificationEndpoints.resend),
    onSuccess: ({ message }) => toast({ title: 'Link sent', description: message }),
    onError: (error) =>
      toast({
        title: 'Link not sent',
        description: failureMessage(error, 'Unable to send the link. Please try again.'),
        variant: 'destructive',
      }),
  });
}

/** 'Cancel' of a pending email change: the cached user takes the answer. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(emailVerificationEndpoints.cancelChange),
    onSuccess: ({ message, user }) => {
      setCurrentUser(queryClient, user);
      toast({ title: 'Email change cancelled', description: message });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: failureMessage(error, 'Failed to update settings. Please try again.'),
        variant: 'destructive',
      }),
  });
}
