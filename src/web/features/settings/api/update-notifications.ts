import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/auth.contract';
import type { NotificationsBody, SettingsResponse } from '@shared/account.contract';
import { apiJson } from '@web/lib/api';
import { CURRENT_USER_KEY, setCurrentUser } from '@web/lib/session';

/**
 * PUT /api/auth/settings/notifications with the switches that changed. The switch moves at once
 * (the cached user is updated first) and moves back if the save fails.
 */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsBody) =>
      apiJson<SettingsResponse>('PUT', '/api/auth/settings/notifications', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      const previous = queryClient.getQueryData<PublicUser | null>(CURRENT_USER_KEY);
      if (previous) setCurrentUser(queryClient, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) setCurrentUser(queryClient, context.previous);
    },
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
