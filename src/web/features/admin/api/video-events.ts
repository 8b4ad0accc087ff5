import { queryOptions } from '@tanstack/react-query';
import { adminEventsPath, type VideoEventsResponse } from '@shared/admin.contract';
import { getQueryFn } from '@web/lib/api';

/** A video's audit trail, loaded when its history is opened. */
export function videoEventsQuery(videoId: string) {
  return queryOptions({
    queryKey: [adminEventsPath(videoId)],
    queryFn: getQueryFn<VideoEventsResponse>({ on401: 'throw' }),
    select: (data) => data!.events,
  });
}
