import multipart from '@fastify/multipart';
import {
  PROGRAM_COVER_FIELD,
  PROGRAM_COVER_MAX_BYTES,
  PROGRAM_MESSAGES as MESSAGES,
  programEndpoints,
} from '@shared/programs.contract';
import { multipartLimits, readOneFile, uploadRateLimit } from '../../plugins/one-file-upload';
import { editRateLimit } from '../../plugins/edit-limit';
import type { RouteCollector } from '../../plugins/routes';
import type { ObjectStore } from '../../storage/object-store';
import { sendImage } from '../../storage/send-image';
import { programCoverKey, type ProgramsService } from './programs.service';

/** The studio's programs (issue #20 part 2) and their covers. */
export function programsRoutes(
  routes: RouteCollector,
  { programs, store }: { programs: ProgramsService; store: ObjectStore },
): void {
  routes.route(programEndpoints.list, ({ user }) => programs.view(user));
  // Each write rebuilds the owner's public page.
  routes.route(
    programEndpoints.create,
    ({ user, body }) => programs.create(user, body),
    editRateLimit,
  );
  routes.route(
    programEndpoints.update,
    ({ user, params, body }) => programs.update(user, params.id, body),
    editRateLimit,
  );
  routes.route(
    programEndpoints.remove,
    ({ user, params }) => programs.remove(user, params.id),
    editRateLimit,
  );
  routes.route(
    programEndpoints.removeCover,
    ({ user, params }) => programs.removeCover(user, params.id),
    editRateLimit,
  );

  // Public: the gym page shows the cover to anyone. Names are random and never reused.
  routes.route(programEndpoints.cover, ({ params, request, reply }) =>
    sendImage(store, request, reply, {
      key: programCoverKey(params.ownerId, params.file),
      file: params.file,
      type: 'image/webp',
      missing: 'Cover not found',
    }),
  );

  routes.group(
    async (scope) => {
      await scope.register(multipart, multipartLimits(PROGRAM_COVER_MAX_BYTES));
    },
    (scope) =>
      scope.route(
        programEndpoints.uploadCover,
        ({ user, params, request, reply }) =>
          programs.uploadCover(user, params.id, () =>
            readOneFile(request, reply, PROGRAM_COVER_FIELD, PROGRAM_COVER_MAX_BYTES, {
              missing: MESSAGES.coverType,
              tooLarge: MESSAGES.coverTooLarge,
            }),
          ),
        uploadRateLimit('Too many cover uploads. Please try again later.'),
      ),
  );
}
