import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyEndpoints, type CreateApiKeyBody } from '@shared/api-keys.contract';
import { api } from '@web/lib/api';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

/** GET /api/auth/api-keys: the account's keys, newest first, and whether the plan allows more. */
export const apiKeysQuery = queryOptions({
  queryKey: apiKeyKeys.all,
  queryFn: ({ signal }) => api(apiKeyEndpoints.list, { signal }),
  // A plan change (Subscription) locks or unlocks the screen: read afresh on each visit.
  staleTime: 0,
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** POST /api/auth/api-keys: the answer holds the secret, shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api(apiKeyEndpoints.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** DELETE /api/auth/api-keys/:id: the key stops working at once and stays listed as revoked. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(apiKeyEndpoints.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
