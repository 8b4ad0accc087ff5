import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_DOMAIN_REVOKE_PATH,
  ADMIN_DOMAINS_PATH,
  type AdminDomainsResponse,
  type RevokeDomainBody,
  type RevokeDomainResponse,
} from '@shared/admin.contract';
import { apiJson, getQueryFn } from '@web/lib/api';

/** GET /api/admin/domains: every gym's custom domain. */
export const adminDomainsQuery = queryOptions({
  queryKey: [ADMIN_DOMAINS_PATH],
  queryFn: getQueryFn<AdminDomainsResponse>({ on401: 'throw' }),
  select: (data) => data!,
});

/** POST /api/admin/domains/revoke, then the list is read again. */
export function useRevokeDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeDomainBody) =>
      apiJson<RevokeDomainResponse>('POST', ADMIN_DOMAIN_REVOKE_PATH, body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_DOMAINS_PATH] }),
  });
}
