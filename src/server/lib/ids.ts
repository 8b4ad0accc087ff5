import { NotFoundError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid in its usual text form (any case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The id of a path, lower-cased; anything that is not a uuid cannot name a row, so it is a 404 with
 * the resource's own words (never a query that fails with a 500).
 */
export function idOrNotFound(value: string, notFound: string): string {
  if (!UUID.test(value)) throw new NotFoundError(notFound);
  return value.toLowerCase();
}
