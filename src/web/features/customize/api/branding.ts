import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  brandingEndpoints,
  HERO_FIELD,
  LOGO_FIELD,
  type BrandingDto,
  type BrandingResponse,
  type UpdateBrandingBody,
} from '@shared/branding.contract';
import { gymEndpoints } from '@shared/gyms.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';
import { refetchCurrentUser, setCurrentUser } from '@web/lib/session';

export const brandingKeys = {
  all: ['branding'] as const,
};

export const brandingQuery = queryOptions({
  queryKey: brandingKeys.all,
  queryFn: ({ signal }) => api(brandingEndpoints.get, { signal }),
});

export function useBranding() {
  return useQuery(brandingQuery);
}

/** The owner's own public page (same cache entry as the public page's), for the preview's classes. */
export function useOwnGym(slug: string | null) {
  return useQuery({
    queryKey: gymKeys.bySlug(slug ?? ''),
    queryFn: ({ signal }) => api(gymEndpoints.bySlug, { params: { gymSlug: slug ?? '' }, signal }),
    enabled: Boolean(slug),
    staleTime: 60_000,
  });
}

function storeBranding(client: QueryClient, branding: BrandingDto): void {
  client.setQueryData<BrandingResponse>(brandingKeys.all, { branding });
  // The public page of this gym shows the new look on its next visit.
  void client.invalidateQueries({ queryKey: gymKeys.all });
}

export function useSaveBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBrandingBody) => api(brandingEndpoints.update, { body }),
    onSuccess: (response) => {
      storeBranding(client, response.branding);
      setCurrentUser(client, response.user);
    },
  });
}

/** POST /api/auth/upload-logo (product.md §7): multipart, field `logo`; refetches the current user. */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(LOGO_FIELD, file);
      return api(brandingEndpoints.uploadLogo, { body });
    },
    onSuccess: async (response) => {
      setCurrentUser(client, response.user);
      await refetchCurrentUser(client);
      await client.invalidateQueries({ queryKey: brandingKeys.all });
      void client.invalidateQueries({ queryKey: gymKeys.all });
    },
  });
}

/** POST /api/auth/upload-hero (Elite Studio): multipart, field `hero`; answers the branding. */
export function useUploadHero() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(HERO_FIELD, file);
      return api(brandingEndpoints.uploadHero, { body });
    },
    onSuccess: (response) => storeBranding(client, response.branding),
  });
}

export function useSaveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain: string | null) => api(brandingEndpoints.setDomain, { body: { domain } }),
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
    mutationFn: () => api(brandingEndpoints.verifyDomain),
    onSuccess: (response) => {
      storeBranding(client, response.branding);
      setCurrentUser(client, response.user);
    },
  });
}
