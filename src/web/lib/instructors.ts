import { queryOptions, useQuery } from '@tanstack/react-query';
import { instructorEndpoints } from '@shared/class-details.contract';
import { api } from './api';

/** The studio's instructors in the cache (the Instructors screen, upload and the library share them). */
export const instructorKeys = {
  all: ['instructors'] as const,
};

/** GET /api/auth/instructors: the studio's instructors, by name. */
export const instructorsQuery = queryOptions({
  queryKey: instructorKeys.all,
  queryFn: ({ signal }) => api(instructorEndpoints.list, { signal }),
});

export function useInstructors() {
  return useQuery(instructorsQuery);
}

/** Where the owner manages the roster (the app shell's Instructors). */
export const INSTRUCTORS_SCREEN_PATH = '/instructors';
