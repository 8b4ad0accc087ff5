import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { authEndpoints, type LoginBody, type PublicUser } from '@shared/auth.contract';
import { api, ApiError } from './api';
import { rememberSignedIn } from './first-paint';

/** The landing page with the card in sign-in mode (where a password reset ends). */
export const SIGN_IN_PATH = '/#sign-in';

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

/** The current user: loaded once, cached 60 s, no retry, no refetch on mount; 401 reads as null. */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.user(),
  queryFn: async ({ signal }): Promise<PublicUser | null> => {
    try {
      const user = await api(authEndpoints.user, { signal });
      rememberSignedIn(true);
      return user;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      rememberSignedIn(false);
      return null;
    }
  },
  staleTime: 60_000,
  retry: false,
  refetchOnMount: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

export function setCurrentUser(client: QueryClient, user: PublicUser | null): void {
  rememberSignedIn(user !== null);
  client.setQueryData(currentUserQuery.queryKey, user);
}

export function refetchCurrentUser(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

const accountForgotten = new Set<() => void>();

/**
 * Module-level state outside the query cache (a feature's, e.g. the upload in progress) registers
 * here to be dropped with the account's data; answers the unregister function.
 */
export function onAccountForgotten(listener: () => void): () => void {
  accountForgotten.add(listener);
  return () => accountForgotten.delete(listener);
}

/**
 * Drops everything a signed-in account had (cached videos, plans, ..., and what registered with
 * `onAccountForgotten`) but the session itself: whoever signs in next on this tab sees none of it.
 */
export function forgetAccountData(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
  accountForgotten.forEach((listener) => listener());
}

/** POST /api/auth/login (the landing page's and the admin's sign-in): the user becomes current. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api(authEndpoints.login, { body }),
    onSuccess: ({ user }) => setCurrentUser(queryClient, user),
  });
}
