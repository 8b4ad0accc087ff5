import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BRANDING_DOMAIN_PATH,
  BRANDING_DOMAIN_VERIFY_PATH,
  BRANDING_PATH,
  LOGO_FIELD,
  UPLOAD_LOGO_PATH,
  type BrandingDto,
  type BrandingResponse,
  type UpdateBrandingBody,
  type UpdateBrandingResponse,
  type UpdateDomainResponse,
  type UploadLogoResponse,
} from '@shared/branding.contract';
import { GYM_API_PREFIX, type GymLookupResponse } from '@shared/gyms.contract';
import type { UpdateSlugResponse } from '@shared/slug.contract';
import { ApiError, apiJson, getQueryFn } from '@web/lib/api';
import { refetchCurrentUser, setCurrentUser } from '@web/lib/session';

export const brandingQuery = queryOptions({
  queryKey: [BRANDING_PATH],
  queryFn: getQueryFn<BrandingResponse>({ on401: 'throw' }),
});

export function useBranding() {
  return useQuery(brandingQuery);
}

/** The owner's own public page (same cache entry as the public page's), for the preview's classes. */
export function useOwnGym(slug: string | null) {
  return useQuery({
    queryKey: [GYM_API_PREFIX, encodeURIComponent(slug ?? '')],
    queryFn: getQueryFn<GymLookupResponse>({ on401: 'throw' }),
    enabled: Boolean(slug),
    staleTime: 60_000,
  });
}

function storeBranding(client: QueryClient, branding: BrandingDto): void {
  client.setQueryData<BrandingResponse>([BRANDING_PATH], { branding });
  // The public page of this gym shows the new look on its next visit.
  void client.invalidateQueries({ queryKey: [GYM_API_PREFIX] });
}

export function useSaveBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBrandingBody) => apiJson<UpdateBrandingResponse>('PUT', BRANDING_PATH, body),
    onSuccess: (response) => {
      storeBranding(client, response.branding);
      setCurrentUser(client, response.user);
    },
  });
}

/** POST /api/auth/upload-logo (spec §7): multipart, field `logo`; refetches the current user. */
export async function uploadLogo(file: File): Promise<UploadLogoResponse> {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  const res = await fetch(UPLOAD_LOGO_PATH, { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as UploadLogoResponse;
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: async (response) => {
      setCurrentUser(client, response.user);
      await refetchCurrentUser(client);
      await client.invalidateQueries({ queryKey: [BRANDING_PATH] });
      void client.invalidateQueries({ queryKey: [GYM_API_PREFIX] });
    },
  });
}

export function useSaveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain: string | null) =>
      apiJson<UpdateDomainResponse>('PUT', BRANDING_DOMAIN_PATH, { domain }),
    onSuccess: (response) => {
      storeBranding(client, response.branding);
      setCurrentUser(client, response.user);
    },
  });
}

/** POST /api/auth/branding/domain/verify: the server looks the TXT record up; the card shows the outcome. */
export function useVerifyDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<UpdateDomainResponse>('POST', BRANDING_DOMAIN_VERIFY_PATH, {}),
    onSuccess: (response) => {
      storeBranding(client, response.branding);
      setCurrentUser(client, response.user);
    },
  });
}

/** PUT /api/auth/slug: the owner's new public slug; the cached user takes the answer. */
export function useUpdateSlug() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiJson<UpdateSlugResponse>('PUT', '/api/auth/slug', { slug }),
    onSuccess: (response) => setCurrentUser(client, response.user),
  });
}
