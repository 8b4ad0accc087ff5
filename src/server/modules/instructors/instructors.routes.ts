import multipart from '@fastify/multipart';
import {
  CLASS_DETAILS_MESSAGES as MESSAGES,
  INSTRUCTOR_PHOTO_FIELD,
  INSTRUCTOR_PHOTO_MAX_BYTES,
  instructorEndpoints,
} from '@shared/class-details.contract';
import { multipartLimits, readOneFile, uploadRateLimit } from '../../plugins/one-file-upload';
import type { RouteCollector } from '../../plugins/routes';
import type { ObjectStore } from '../../storage/object-store';
import { sendImage } from '../../storage/send-image';
import { instructorPhotoKey, type InstructorsService } from './instructors.service';

/** The studio's instructors (issue #20 part 1) and their photos. */
export function instructorsRoutes(
  routes: RouteCollector,
  { instructors, store }: { instructors: InstructorsService; store: ObjectStore },
): void {
  routes.route(instructorEndpoints.list, ({ user }) => instructors.view(user));
  routes.route(instructorEndpoints.create, ({ user, body }) => instructors.create(user, body));
  routes.route(instructorEndpoints.update, ({ user, params, body }) =>
    instructors.rename(user, params.id, body),
  );
  routes.route(instructorEndpoints.remove, ({ user, params }) =>
    instructors.remove(user, params.id),
  );
  routes.route(instructorEndpoints.removePhoto, ({ user, params }) =>
    instructors.removePhoto(user, params.id),
  );

  // Public: the gym page shows the photo to anyone. Names are random and never reused.
  routes.route(instructorEndpoints.photo, ({ params, request, reply }) =>
    sendImage(store, request, reply, {
      key: instructorPhotoKey(params.ownerId, params.file),
      file: params.file,
      type: 'image/webp',
      missing: 'Photo not found',
    }),
  );

  routes.group(
    async (scope) => {
      await scope.register(multipart, multipartLimits(INSTRUCTOR_PHOTO_MAX_BYTES));
    },
    (scope) =>
      scope.route(
        instructorEndpoints.uploadPhoto,
        ({ user, params, request, reply }) =>
          instructors.uploadPhoto(user, params.id, () =>
            readOneFile(request, reply, INSTRUCTOR_PHOTO_FIELD, INSTRUCTOR_PHOTO_MAX_BYTES, {
              missing: MESSAGES.photoType,
              tooLarge: MESSAGES.photoTooLarge,
            }),
          ),
        uploadRateLimit('Too many photo uploads. Please try again later.'),
      ),
  );
}
