import type { z } from 'zod';
import type { AnyEndpoint, EndpointResponse } from './endpoint';

/**
 * The zod schemas of an endpoint: the server validates params, query and body with them, the
 * OpenAPI document describes the route with them, and in tests every JSON success answer is parsed
 * with the response schema before it is sent (routes.ts, `checkResponses`).
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

/** True when A and B are the same type, optional and readonly properties included. */
export type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The response schema must describe exactly the descriptor's response type (the type the handler
 * answers and the web reads), so the two cannot drift: otherwise `response` does not compile.
 */
type ResponseMatches<E extends AnyEndpoint, S extends EndpointSchemas> = S extends {
  response: infer R extends z.ZodType;
}
  ? Same<z.output<R>, EndpointResponse<E>> extends true
    ? unknown
    : { response: 'differs from the response type of the descriptor' }
  : unknown;

/** A descriptor (declared zod-free) with its schemas attached. */
export function withSchemas<E extends AnyEndpoint, const S extends EndpointSchemas>(
  descriptor: E,
  schemas: S & ResponseMatches<E, S>,
): WithSchemas<E, S> {
  return { ...descriptor, schemas };
}
