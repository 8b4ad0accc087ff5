import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type NotificationsBody } from '@shared/account.contract';
import { api } from '@web/lib/api';
import { currentUserQuery, setCurrentUser } from '@web/lib/session';

/**
 * PUT /api/auth/settings/notifications with the switches that changed. The switch moves at once
 * (the cached user is updated first) and moves back if the save fails.
 */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsBody) => api(accountEndpoints.notifications, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: currentUserQuery.queryKey });
      const previous = queryClient.getQueryData(currentUserQuery.queryKey);
      if (previous) setCurrentUser(queryClient, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) setCurrentUser(queryClient, context.previous);
    },
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
