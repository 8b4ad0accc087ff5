import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  locationsEndpoints,
  type LocationBody,
  type LocationResponse,
  type LocationsView,
} from '@shared/locations.contract';
import { LOGO_FIELD } from '@shared/branding.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';
import { locationKeys } from '@web/lib/locations';

/** Every change answers the whole view: the cache takes it, and the public pages read again. */
function storeView(client: QueryClient, view: LocationsView): void {
  client.setQueryData(locationKeys.all, view);
  void client.invalidateQueries({ queryKey: gymKeys.all });
}

function useLocationMutation<T>(call: (input: T) => Promise<LocationResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => storeView(client, response.locations),
  });
}

/** POST /api/auth/locations (Elite Studio). */
export function useCreateLocation() {
  return useLocationMutation((body: LocationBody) => api(locationsEndpoints.create, { body }));
}

/** PUT /api/auth/locations/:id: a further location's name, slug and colours. */
export function useUpdateLocation() {
  return useLocationMutation(({ id, body }: { id: string; body: LocationBody }) =>
    api(locationsEndpoints.update, { params: { id }, body }),
  );
}

/** DELETE /api/auth/locations/:id: classes only it offered go back to the first location. */
export function useDeleteLocation() {
  return useLocationMutation((id: string) => api(locationsEndpoints.remove, { params: { id } }));
}

/** PUT /api/auth/locations/:id/classes: every class the location offers. */
export function useSaveLocationClasses() {
  return useLocationMutation(({ id, videoIds }: { id: string; videoIds: string[] }) =>
    api(locationsEndpoints.classes, { params: { id }, body: { videoIds } }),
  );
}

/** PUT /api/auth/locations/:id/domain: a further location's own domain, or null to remove it. */
export function useSaveLocationDomain() {
  return useLocationMutation(({ id, domain }: { id: string; domain: string | null }) =>
    api(locationsEndpoints.setDomain, { params: { id }, body: { domain } }),
  );
}

/** POST /api/auth/locations/:id/domain/verify */
export function useVerifyLocationDomain() {
  return useLocationMutation((id: string) =>
    api(locationsEndpoints.verifyDomain, { params: { id } }),
  );
}

/** POST /api/auth/locations/:id/logo: the location's own logo (multipart, as the gym's). */
export function useUploadLocationLogo() {
  return useLocationMutation(({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.append(LOGO_FIELD, file);
    return api(locationsEndpoints.uploadLogo, { params: { id }, body });
  });
}

/** DELETE /api/auth/locations/:id/logo: back to the gym's logo. */
export function useRemoveLocationLogo() {
  return useLocationMutation((id: string) =>
    api(locationsEndpoints.removeLogo, { params: { id } }),
  );
}
