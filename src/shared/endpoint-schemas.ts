import type { z } from 'zod';
import type { AnyEndpoint } from './endpoint';

/**
 * The zod schemas of an endpoint: the server validates params, query and body with them, the
 * OpenAPI document describes the route with them (the response schema is documentation only).
 */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export type WithSchemas<E extends AnyEndpoint, S extends EndpointSchemas> = E & {
  readonly schemas: S;
};

/** A descriptor (declared zod-free) with its schemas attached. */
export function withSchemas<E extends AnyEndpoint, const S extends EndpointSchemas>(
  descriptor: E,
  schemas: S,
): WithSchemas<E, S> {
  return { ...descriptor, schemas };
}
