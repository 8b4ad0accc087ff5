import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  screensEndpoints,
  type PairScreenBody,
  type TimetableEntryBody,
  type UpdateScreenBody,
} from '@shared/screens.contract';
import { api } from '@web/lib/api';

/** The studio's screens and timetable in the cache (the Studio screens page). */
export const screenKeys = {
  all: ['screens'] as const,
  list: () => [...screenKeys.all, 'list'] as const,
  timetable: () => [...screenKeys.all, 'timetable'] as const,
};

/** A screen's last-seen time moves every 30 s while it is on: read again each minute. */
const SCREENS_REFETCH_MS = 60_000;

/** GET /api/auth/screens */
export function useScreens() {
  return useQuery(
    queryOptions({
      queryKey: screenKeys.list(),
      queryFn: ({ signal }) => api(screensEndpoints.list, { signal }),
      refetchInterval: SCREENS_REFETCH_MS,
    }),
  );
}

/** GET /api/auth/timetable */
export function useTimetable() {
  return useQuery(
    queryOptions({
      queryKey: screenKeys.timetable(),
      queryFn: ({ signal }) => api(screensEndpoints.timetable, { signal }),
    }),
  );
}

/** Every change reads screens and timetable again (removing a screen can remove entries). */
function useScreensMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: screenKeys.all }),
  });
}

/** POST /api/auth/screens: the code the screen shows, a name and a page. */
export function usePairScreen() {
  return useScreensMutation((body: PairScreenBody) => api(screensEndpoints.pair, { body }));
}

/** PATCH /api/auth/screens/:id */
export function useUpdateScreen() {
  return useScreensMutation(({ id, body }: { id: string; body: UpdateScreenBody }) =>
    api(screensEndpoints.update, { params: { id }, body }),
  );
}

/** DELETE /api/auth/screens/:id: the screen stops at once. */
export function useRemoveScreen() {
  return useScreensMutation((id: string) => api(screensEndpoints.remove, { params: { id } }));
}

/** POST /api/auth/timetable (no id) or PUT /api/auth/timetable/:id */
export function useSaveEntry() {
  return useScreensMutation(({ id, body }: { id: string | null; body: TimetableEntryBody }) =>
    id
      ? api(screensEndpoints.updateEntry, { params: { id }, body })
      : api(screensEndpoints.addEntry, { body }),
  );
}

/** DELETE /api/auth/timetable/:id */
export function useRemoveEntry() {
  return useScreensMutation((id: string) => api(screensEndpoints.removeEntry, { params: { id } }));
}
