import { QueryClient } from '@tanstack/react-query';

/**
 * The product's data-layer defaults: no retries, no refocus refetch, no polling, never stale. Every
 * query names its own function (`api` with its endpoint) and its key (the features' key factories).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
