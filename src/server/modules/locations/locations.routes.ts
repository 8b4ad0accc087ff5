import { LOCATION_MESSAGES, locationsEndpoints, MAIN_LOCATION } from '@shared/locations.contract';
import { NotFoundError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import type { LocationsService } from './locations.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of the path: a further location's uuid (or 'main' where allowed); else 404, never a 500. */
function locationId(params: { id: string }, options: { main?: boolean } = {}): string {
  if (options.main && params.id === MAIN_LOCATION) return MAIN_LOCATION;
  if (!UUID.test(params.id)) throw new NotFoundError(LOCATION_MESSAGES.notFound);
  return params.id.toLowerCase();
}

/** An Elite Studio account's locations (issue #18 part 5). */
export function locationsRoutes(
  routes: RouteCollector,
  { locations }: { locations: LocationsService },
): void {
  routes.route(locationsEndpoints.list, ({ user }) => locations.view(user));
  routes.route(locationsEndpoints.create, ({ user, body }) => locations.create(user, body));
  routes.route(locationsEndpoints.update, ({ user, params, body }) =>
    locations.update(user, locationId(params), body),
  );
  routes.route(locationsEndpoints.remove, ({ user, params }) =>
    locations.remove(user, locationId(params)),
  );
  routes.route(locationsEndpoints.classes, ({ user, params, body }) =>
    locations.setClasses(user, locationId(params, { main: true }), body.videoIds),
  );
}
