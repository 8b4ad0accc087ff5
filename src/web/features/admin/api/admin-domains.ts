import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type RevokeDomainBody } from '@shared/admin.contract';
import { api } from '@web/lib/api';

export const adminDomainKeys = {
  all: ['admin', 'domains'] as const,
};

/** GET /api/admin/domains: every gym's custom domain. */
export const adminDomainsQuery = queryOptions({
  queryKey: adminDomainKeys.all,
  queryFn: ({ signal }) => api(adminEndpoints.domains, { signal }),
});

/** POST /api/admin/domains/revoke, then the list is read again. */
export function useRevokeDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeDomainBody) => api(adminEndpoints.revokeDomain, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: adminDomainKeys.all }),
  });
}
