import { queryOptions } from '@tanstack/react-query';
import { adminEndpoints } from '@shared/admin.contract';
import { api } from '@web/lib/api';
import { adminVideoKeys } from './admin-videos';

/** A video's audit trail, loaded when its history is opened. */
export function videoEventsQuery(videoId: string) {
  return queryOptions({
    queryKey: adminVideoKeys.events(videoId),
    queryFn: ({ signal }) => api(adminEndpoints.events, { params: { id: videoId }, signal }),
    select: (data) => data.events,
  });
}
