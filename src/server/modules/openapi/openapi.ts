import { z } from 'zod';
import { methodsOf, type AnyEndpoint } from '@shared/endpoint';
import type { EndpointSchemas } from '@shared/endpoint-schemas';
import { SESSION_COOKIE } from '../../plugins/session';

type Described = AnyEndpoint & { schemas?: EndpointSchemas };
type JsonSchema = Record<string, unknown>;

/** The name the document gives a path's trailing wildcard (`*`): the rest of the path. */
export const WILDCARD_PARAM = 'rest';

/** `/api/videos/:id/hls/:version/*` -> `/api/videos/{id}/hls/{version}/{rest}` */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
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
  const content: Record<string, { schema?: JsonSchema }> = {
    ...(endpoint.rawBody ? RAW_BODY_TYPES[endpoint.rawBody] : {}),
  };
  if (schema) content['application/json'] = { schema: jsonSchema(schema, 'input') };
  return Object.keys(content).length > 0 ? { content } : undefined;
}

/**
 * The success answer: JSON described by the response schema, or the content type a file or page
 * answer `produces`; without either, an answer without a body (204, a redirect, tus' headers).
 */
function success(endpoint: Described) {
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

function responses(endpoint: Described) {
  const error = { $ref: '#/components/responses/Error' };
  return {
    [String(endpoint.status ?? 200)]: success(endpoint),
    ...(endpoint.schemas?.body || endpoint.schemas?.query ? { 400: error } : {}),
    ...(endpoint.access === 'owner' || endpoint.access === 'admin' ? { 401: error } : {}),
    ...(endpoint.access === 'admin' ? { 403: error } : {}),
    ...(endpoint.access === 'signed-link' ? { 403: error } : {}),
  };
}

/** An OpenAPI 3.1 document of the given endpoints (the app's registered routes). */
export function openApiDocument(endpoints: readonly Described[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    const parameters = [
      ...pathParameters(endpoint.path),
      ...queryParameters(endpoint.schemas?.query),
    ];
    const body = requestBody(endpoint);
    for (const method of methodsOf(endpoint)) {
      item[method.toLowerCase()] = {
        summary: endpoint.summary,
        tags: [endpoint.access],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(body && method !== 'GET' && method !== 'HEAD' ? { requestBody: body } : {}),
        responses: responses(endpoint),
        ...(endpoint.access === 'owner' || endpoint.access === 'admin'
          ? { security: [{ session: [] }] }
          : {}),
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cadence API',
      version: '1',
      description:
        'Class videos for gyms and spin studios. Tags name who may call a route: public, owner ' +
        '(a session), admin (an admin session) or signed-link (a link the app signed).',
    },
    paths,
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
  };
}
