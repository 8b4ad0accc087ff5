import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/auth.contract';
import { getQueryFn } from './api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The current user: loaded once, cached 60 s, no retry, no refetch on mount; 401 reads as null. */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
  staleTime: 60_000,
  retry: false,
  refetchOnMount: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

export function setCurrentUser(client: QueryClient, user: PublicUser | null): void {
  client.setQueryData(CURRENT_USER_KEY, user);
}

export function refetchCurrentUser(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
