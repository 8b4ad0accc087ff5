import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROGRAM_COVER_FIELD,
  programEndpoints,
  type CreateProgramBody,
  type UpdateProgramBody,
} from '@shared/programs.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';

/** The studio's programs in the cache (the Programs screen). */
export const programKeys = {
  all: ['programs'] as const,
};

/** GET /api/auth/programs: the studio's programs, oldest first, each with its classes in order. */
export const programsQuery = queryOptions({
  queryKey: programKeys.all,
  queryFn: ({ signal }) => api(programEndpoints.list, { signal }),
});

export function usePrograms() {
  return useQuery(programsQuery);
}

/** Every change reads the programs again, and the public page (it lists them). */
function useProgramMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: programKeys.all });
      void client.invalidateQueries({ queryKey: gymKeys.all });
    },
  });
}

/** POST /api/auth/programs */
export function useCreateProgram() {
  return useProgramMutation((body: CreateProgramBody) => api(programEndpoints.create, { body }));
}

/** PATCH /api/auth/programs/:id: the fields given, `classIds` as the whole new order. */
export function useUpdateProgram() {
  return useProgramMutation(({ id, body }: { id: string; body: UpdateProgramBody }) =>
    api(programEndpoints.update, { params: { id }, body }),
  );
}

/** DELETE /api/auth/programs/:id: its classes stay in the library. */
export function useDeleteProgram() {
  return useProgramMutation((id: string) => api(programEndpoints.remove, { params: { id } }));
}

/**
 * The cover: POST /api/auth/programs/:id/cover (multipart; cropped to 16:9 and re-encoded by the
 * server) for a file, DELETE for null.
 */
export function useSetProgramCover() {
  return useProgramMutation(({ id, file }: { id: string; file: File | null }) => {
    if (!file) return api(programEndpoints.removeCover, { params: { id } });
    const body = new FormData();
    body.append(PROGRAM_COVER_FIELD, file);
    return api(programEndpoints.uploadCover, { params: { id }, body });
  });
}
