import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSTRUCTOR_PHOTO_FIELD, instructorEndpoints } from '@shared/class-details.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';
import { instructorKeys } from '@web/lib/instructors';
import { refetchOwnerVideos } from '@web/lib/owner-videos';

/** Every change reads the roster again, and the public page (it shows names and photos). */
function useInstructorMutation<T, R extends { message: string }>(
  call: (input: T) => Promise<R>,
  { classesChange = false } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: instructorKeys.all });
      void client.invalidateQueries({ queryKey: gymKeys.all });
      if (classesChange) void refetchOwnerVideos(client);
    },
  });
}

/** POST /api/auth/instructors */
export function useAddInstructor() {
  return useInstructorMutation((name: string) =>
    api(instructorEndpoints.create, { body: { name } }),
  );
}

/** PATCH /api/auth/instructors/:id: every class of theirs shows the new name. */
export function useRenameInstructor() {
  return useInstructorMutation(({ id, name }: { id: string; name: string }) =>
    api(instructorEndpoints.update, { params: { id }, body: { name } }),
  );
}

/** DELETE /api/auth/instructors/:id: their classes stay, without an instructor. */
export function useRemoveInstructor() {
  return useInstructorMutation(
    (id: string) => api(instructorEndpoints.remove, { params: { id } }),
    { classesChange: true },
  );
}

/** POST /api/auth/instructors/:id/photo (multipart): cropped square and re-encoded by the server. */
export function useUploadInstructorPhoto() {
  return useInstructorMutation(({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.append(INSTRUCTOR_PHOTO_FIELD, file);
    return api(instructorEndpoints.uploadPhoto, { params: { id }, body });
  });
}

/** DELETE /api/auth/instructors/:id/photo: the initials again. */
export function useRemoveInstructorPhoto() {
  return useInstructorMutation((id: string) =>
    api(instructorEndpoints.removePhoto, { params: { id } }),
  );
}
