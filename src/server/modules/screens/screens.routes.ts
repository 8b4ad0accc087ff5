import {
  screenDeviceEndpointsWithSchemas as device,
  screensEndpoints as endpoints,
} from '@shared/screens.contract';
import type { FastifyInstance } from 'fastify';
import { failureLimit, underLimits } from '../../plugins/attempt-limit';
import { clientAddress } from '../../plugins/client-address';
import type { RouteCollector } from '../../plugins/routes';
import { WrongCodeError, type ScreensService } from './screens.service';

/**
 * Per client address: a screen asks for a new code every 10 minutes until it is paired; a studio
 * pairing its screens at once sits behind one address. Past this, 429.
 */
export const SCREEN_LIMITS = {
  pairing: { max: 30, timeWindow: 10 * 60_000 },
  /** A screen polls every 3 s while it shows a code. */
  pairingPoll: { max: 120, timeWindow: 60_000 },
  /** A room of screens behind one address, each every 30 s, and some reloads. */
  timetable: { max: 240, timeWindow: 60_000 },
} as const;

/**
 * Wrong codes an owner may type in 10 minutes (a code is one of 887 million, live 10 minutes):
 * past this, 429 until the window ends.
 */
export const WRONG_CODES = { max: 20, windowMs: 10 * 60_000 } as const;

const tooManyCodes = (minutes: number) =>
  `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Studio screens (issue #21 part 3): the device's pairing and timetable, the owner's screens and timetable. */
export function screensRoutes(
  app: FastifyInstance,
  routes: RouteCollector,
  { screens }: { screens: ScreensService },
): void {
  // Per owner (their account, whichever session), else per address.
  const wrongCodes = failureLimit(
    app,
    WRONG_CODES,
    (r) => `screen-code:${r.sessionUser?.id ?? clientAddress(r.ip)}`,
    tooManyCodes,
  );
  routes.route(
    device.startPairing,
    async ({ reply }) =>
      reply
        .header('cache-control', 'no-store')
        .status(201)
        .send(await screens.startPairing()),
    { config: { rateLimit: SCREEN_LIMITS.pairing } },
  );
  routes.route(
    device.pairingStatus,
    async ({ params, reply }) =>
      reply.header('cache-control', 'no-store').send(await screens.pairingStatus(params.pairingId)),
    { config: { rateLimit: SCREEN_LIMITS.pairingPoll } },
  );
  // Private and revalidated on every poll: an unchanged timetable is a 304 without a body. The
  // answer is the token's: Vary on Authorization, so no cache hands one screen's to another.
  routes.route(
    device.timetable,
    async ({ request, reply }) => {
      reply.header('vary', 'Authorization');
      const { body, etag } = await screens.timetable(request.headers.authorization);
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(body);
    },
    { config: { rateLimit: SCREEN_LIMITS.timetable } },
  );

  routes.route(endpoints.list, ({ user }) => screens.list(user));
  routes.route(endpoints.pair, ({ user, body, request }) =>
    underLimits(
      request,
      [wrongCodes],
      (error) => error instanceof WrongCodeError,
      () => screens.pair(user, body),
    ),
  );
  routes.route(endpoints.update, ({ user, params, body }) => screens.update(user, params.id, body));
  routes.route(endpoints.remove, async ({ user, params, reply }) => {
    await screens.remove(user, params.id);
    return reply.status(204).send();
  });
  routes.route(endpoints.timetable, ({ user }) => screens.timetableView(user));
  routes.route(endpoints.addEntry, ({ user, body }) => screens.addEntry(user, body));
  routes.route(endpoints.updateEntry, ({ user, params, body }) =>
    screens.updateEntry(user, params.id, body),
  );
  routes.route(endpoints.removeEntry, async ({ user, params, reply }) => {
    await screens.removeEntry(user, params.id);
    return reply.status(204).send();
  });
}
