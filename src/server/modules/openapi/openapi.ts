import { z } from 'zod';
import { methodsOf, type AnyEndpoint, type HttpMethod } from '@shared/endpoint';
import type { EndpointSchemas } from '@shared/endpoint-schemas';
import { SESSION_COOKIE } from '../../plugins/session';

export type Described = AnyEndpoint & { schemas?: EndpointSchemas };
export type JsonSchema = Record<string, unknown>;

/** One operation of the document (the fields the generator and its profiles write). */
export interface Operation {
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: { required?: boolean; content: Record<string, JsonSchema> };
  responses: Record<string, JsonSchema>;
  security?: Array<Record<string, string[]>>;
}

/**
 * What one document says beyond what the descriptors give: its title and words, its components,
 * and what each operation adds (tags, security, error answers, headers, examples). The generator
 * (`openApiDocument`) is the same for every document; a profile is what differs.
 */
export interface DocumentProfile {
  info: { title: string; version: string; description: string };
  tags?: Array<{ name: string; description: string }>;
  components: Record<string, unknown>;
  operation(base: Operation, endpoint: Described, method: HttpMethod): Operation;
}

/** The name the document gives a path's trailing wildcard (`*`): the rest of the path. */
export const WILDCARD_PARAM = 'rest';

/** `/api/videos/:id/hls/:version/*` -> `/api/videos/{id}/hls/{version}/{rest}` */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);
}

/** A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), without its `$schema`. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and custom checks have no JSON Schema: they are left open ({}).
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function pathParameters(path: string) {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (path.endsWith('*')) names.push(WILDCARD_PARAM);
  return names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

const RAW_BODY_TYPES = {
  stream: { 'application/octet-stream': {} },
  multipart: { 'multipart/form-data': {} },
  'json-or-multipart': { 'multipart/form-data': {} },
} as const;

function requestBody(endpoint: Described) {
  const schema = endpoint.schemas?.body;
  const content: Record<string, JsonSchema> = {
    ...(endpoint.rawBody ? RAW_BODY_TYPES[endpoint.rawBody] : {}),
  };
  if (schema) content['application/json'] = { schema: jsonSchema(schema, 'input') };
  return Object.keys(content).length > 0 ? { content } : undefined;
}

/**
 * The success answer: JSON described by the response schema, or the content type a file or page
 * answer `produces`; without either, an answer without a body (204, a redirect, tus' headers).
 */
function success(endpoint: Described): JsonSchema {
  const schema = endpoint.schemas?.response;
  if (schema) {
    return {
      description: endpoint.summary,
      content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
    };
  }
  if (endpoint.produces) {
    return { description: endpoint.summary, content: { [endpoint.produces]: {} } };
  }
  const status = endpoint.status ?? 200;
  return { description: status === 301 || status === 302 ? 'Redirect' : 'No content' };
}

/** What every document says of an operation: from its descriptor and its zod schemas alone. */
function baseOperation(endpoint: Described, method: HttpMethod): Operation {
  const parameters = [
    ...pathParameters(endpoint.path),
    ...queryParameters(endpoint.schemas?.query),
  ];
  const body = requestBody(endpoint);
  return {
    summary: endpoint.summary,
    tags: [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body && method !== 'GET' && method !== 'HEAD' ? { requestBody: body } : {}),
    responses: { [String(endpoint.status ?? 200)]: success(endpoint) },
  };
}

/** An OpenAPI 3.1 document of the given endpoints, as the profile describes them. */
export function buildDocument(endpoints: readonly Described[], profile: DocumentProfile) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    for (const method of methodsOf(endpoint)) {
      item[method.toLowerCase()] = profile.operation(
        baseOperation(endpoint, method),
        endpoint,
        method,
      );
    }
  }
  return {
    openapi: '3.1.0',
    info: profile.info,
    ...(profile.tags ? { tags: profile.tags } : {}),
    paths,
    components: profile.components,
  };
}

const isSession = (endpoint: Described) =>
  endpoint.access === 'owner' || endpoint.access === 'admin';

/** The whole app: every route, tagged by who may call it; owner and admin routes take the session. */
const appProfile: DocumentProfile = {
  info: {
    title: 'Cadence API',
    version: '1',
    description:
      'Class videos for gyms and spin studios. Tags name who may call a route: public, owner ' +
      '(a session), admin (an admin session) or signed-link (a link the app signed).',
  },
  components: {
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
    },
    responses: {
      Error: {
        description: "The problem in the product's words; a validation error lists each field",
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['message'],
              properties: {
                message: { type: 'string' },
                errors: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { field: { type: 'string' }, message: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  operation(base, endpoint) {
    const error = { $ref: '#/components/responses/Error' };
    return {
      ...base,
      tags: [endpoint.access],
      responses: {
        ...base.responses,
        ...(endpoint.schemas?.body || endpoint.schemas?.query ? { 400: error } : {}),
        ...(isSession(endpoint) ? { 401: error } : {}),
        ...(endpoint.access === 'admin' ? { 403: error } : {}),
        ...(endpoint.access === 'signed-link' ? { 403: error } : {}),
      },
      ...(isSession(endpoint) ? { security: [{ session: [] }] } : {}),
    };
  },
};

/** The document of the whole app (the app's registered routes), at /api/openapi.json. */
export function openApiDocument(endpoints: readonly Described[]) {
  return buildDocument(endpoints, appProfile);
}
