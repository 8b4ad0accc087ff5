import { API_KEY_PREFIX } from '@shared/api-keys.contract';
import { apiErrorBody, apiV1Endpoints, IDEMPOTENCY_KEY_MAX } from '@shared/api-v1.contract';
import {
  API_V1_DESCRIPTION,
  API_V1_DOCS,
  API_V1_ERROR_EXAMPLES,
  API_V1_TAGS,
  type HeaderDoc,
  type OperationDoc,
} from '@shared/api-v1.docs';
import { isApiAccess, methodsOf, type AnyEndpoint, type HttpMethod } from '@shared/endpoint';
import {
  buildDocument,
  jsonSchema,
  type Described,
  type DocumentProfile,
  type JsonSchema,
  type Operation,
} from './openapi';

/** Each error the API answers: its component's name and words. */
const ERRORS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'A refused query, path, header or body: `fields` names each refused field',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid API key (missing, unknown, malformed or revoked: the same answer)',
  },
  403: {
    name: 'Forbidden',
    description: 'The key may not do this (a read key writing), or the plan lacks what it needs',
  },
  404: { name: 'NotFound', description: 'No such resource of yours' },
  409: {
    name: 'Conflict',
    description:
      'A request with this Idempotency-Key is still running (retry in a moment), or the resource is not in a state that allows this',
  },
  413: { name: 'PayloadTooLarge', description: 'The body (or the declared upload) is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not application/json' },
  422: {
    name: 'Unprocessable',
    description: 'This Idempotency-Key was used with another request',
  },
  429: {
    name: 'TooManyRequests',
    description:
      "Past the key's rate limit (wait Retry-After seconds), or too many keys that do not authenticate from this address",
  },
};

const RATE_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests this key may make per window.',
    schema: { type: 'integer' },
    example: 600,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
    example: 598,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window starts again.',
    schema: { type: 'integer' },
    example: 42,
  },
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
/** The rate limit's headers: on every answer past authentication (`required` on successes). */
const rateHeaders = (required: boolean) =>
  Object.fromEntries(
    Object.keys(RATE_HEADERS).map((name) => [
      name,
      required ? ref('headers', `${name}Required`) : ref('headers', name),
    ]),
  );

const headerObject = (header: HeaderDoc) => ({
  description: header.description,
  required: header.required ?? false,
  schema: { type: 'string' },
  example: header.example,
});

const components = {
  securitySchemes: {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: `${API_KEY_PREFIX}…`,
      description:
        `An API key made under Settings > API (Elite Studio), sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. ` +
        'Its scope is `read` (every GET) or `write` (read and write); each operation names the scope it needs.',
    },
  },
  schemas: { Error: jsonSchema(apiErrorBody, 'output') },
  headers: {
    ...RATE_HEADERS,
    ...Object.fromEntries(
      Object.entries(RATE_HEADERS).map(([name, header]) => [
        `${name}Required`,
        { ...header, required: true },
      ]),
    ),
    'Retry-After': {
      description:
        "Seconds to wait before retrying (past the key's limit; an address refused for sending many keys that do not authenticate gets none).",
      required: false,
      schema: { type: 'integer' },
      example: 42,
    },
    'WWW-Authenticate': {
      description: 'The scheme the API wants (RFC 6750).',
      required: true,
      schema: { type: 'string' },
      example: 'Bearer realm="Cadence API"',
    },
    'Idempotent-Replayed': {
      description:
        '`true` when this is the kept answer of an earlier request with this Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes this POST safe to retry: the same key with the same request within 24 hours answers the first answer again (`Idempotent-Replayed: true`) and does nothing twice; with another request `422`; while the first still runs `409`. A `5xx` is not kept.',
      schema: { type: 'string', pattern: `^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$` },
      example: '7c4f9a0e-create-hill-climb-45',
    },
  },
  responses: Object.fromEntries(
    Object.entries(ERRORS).map(([status, { name, description }]) => [
      name,
      {
        description,
        headers:
          status === '429'
            ? { ...rateHeaders(false), 'Retry-After': ref('headers', 'Retry-After') }
            : status === '401'
              ? { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') }
              : rateHeaders(false),
        content: {
          'application/json': {
            schema: ref('schemas', 'Error'),
            example: API_V1_ERROR_EXAMPLES[Number(status)],
          },
        },
      },
    ]),
  ),
};

/** The errors an operation may answer, from what it reads. */
function errorStatuses(endpoint: Described, method: HttpMethod, doc: OperationDoc<unknown>) {
  const schemas = endpoint.schemas ?? {};
  const jsonBody = !endpoint.rawBody && schemas.body !== undefined;
  const statuses = new Set([401, 403, 429]);
  if (schemas.params || schemas.query || jsonBody || endpoint.rawBody || method === 'POST') {
    statuses.add(400);
  }
  if (/[:*]/.test(endpoint.path)) statuses.add(404);
  if (jsonBody) [413, 415].forEach((status) => statuses.add(status));
  // tus' creation refuses a declared length over the limit; a JSON POST may carry an
  // Idempotency-Key (409 while its first request runs, 422 with another request).
  if (method === 'POST' && endpoint.rawBody) statuses.add(413);
  if (method === 'POST' && !endpoint.rawBody) [409, 422].forEach((status) => statuses.add(status));
  for (const status of Object.keys(doc.errors ?? {})) statuses.add(Number(status));
  return [...statuses].sort((a, b) => a - b);
}

/** "GET,HEAD /path": how the docs know a descriptor, whatever object the collector holds. */
const keyOf = (endpoint: AnyEndpoint) => `${methodsOf(endpoint).join(',')} ${endpoint.path}`;
const DOCS = new Map<string, { name: string; doc: OperationDoc<unknown> }>(
  Object.entries(apiV1Endpoints).map(([name, endpoint]) => [
    keyOf(endpoint),
    { name, doc: API_V1_DOCS[name as keyof typeof API_V1_DOCS] as OperationDoc<unknown> },
  ]),
);

/** The API's words for one operation: scope, tag, examples, headers, every error it answers. */
function apiOperation(base: Operation, endpoint: Described, method: HttpMethod): Operation {
  const found = DOCS.get(keyOf(endpoint));
  if (!found) throw new Error(`${keyOf(endpoint)} has no entry in API_V1_DOCS`);
  const { name, doc } = found;
  const scope = endpoint.access === 'api-write' ? 'write' : 'read';
  const tus = doc.tus?.[method];
  const multi = methodsOf(endpoint).length > 1;
  const examples: Record<string, unknown> = { ...doc.params, ...(doc.query ?? {}) };
  const parameters: JsonSchema[] = [
    ...(base.parameters ?? []).map((parameter) =>
      (parameter.name as string) in examples
        ? { ...parameter, example: examples[parameter.name as string] }
        : parameter,
    ),
    ...(tus?.requestHeaders ?? []).map((header) => ({
      ...headerObject(header),
      name: header.name,
      in: 'header',
    })),
    ...(method === 'POST' && !endpoint.rawBody ? [ref('parameters', 'IdempotencyKey')] : []),
  ];

  const [status, ok] = Object.entries(base.responses)[0]!;
  const success = {
    ...ok,
    ...(tus ? { description: tus.description } : {}),
    headers: {
      ...rateHeaders(true),
      ...(method === 'POST' && !endpoint.rawBody
        ? { 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') }
        : {}),
      ...Object.fromEntries((tus?.responseHeaders ?? []).map((h) => [h.name, headerObject(h)])),
    },
    ...(doc.response !== undefined
      ? {
          content: {
            'application/json': {
              ...(ok.content as Record<string, JsonSchema>)['application/json'],
              example: doc.response,
            },
          },
        }
      : {}),
  };
  const errors = Object.fromEntries(
    errorStatuses(endpoint, method, doc).map((code) => [
      String(code),
      // A HEAD answer has no body: its errors are told by their status and headers.
      method === 'HEAD'
        ? {
            description: ERRORS[code]!.description,
            headers: components.responses[ERRORS[code]!.name]!.headers,
          }
        : ref('responses', ERRORS[code]!.name),
    ]),
  );

  const body: Operation['requestBody'] = tus
    ? method === 'PATCH' || method === 'POST'
      ? {
          required: method === 'PATCH',
          content: {
            'application/offset+octet-stream': {
              schema: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
        }
      : undefined
    : base.requestBody && {
        required: true,
        content: {
          'application/json': {
            ...base.requestBody.content['application/json'],
            ...(doc.request !== undefined ? { example: doc.request } : {}),
          },
        },
      };
  const { requestBody: _base, ...rest } = base;
  return {
    ...rest,
    operationId: multi ? `${name}${method[0]}${method.slice(1).toLowerCase()}` : name,
    summary: tus?.summary ?? base.summary,
    description: [doc.description, `Needs a key with the \`${scope}\` scope.`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [doc.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [tus ? String(tus.status) : status]: success, ...errors },
    security: [{ bearerAuth: [scope] }],
  };
}

const apiV1Profile: DocumentProfile = {
  info: { title: 'Cadence API', version: '1', description: API_V1_DESCRIPTION },
  tags: API_V1_TAGS.map(({ name, description }) => ({ name, description })),
  components,
  operation: apiOperation,
};

/** The document of /api/v1: the API-key routes among `endpoints` (the app's registered routes). */
export function apiV1Document(endpoints: readonly Described[]) {
  return buildDocument(
    endpoints.filter((endpoint) => isApiAccess(endpoint.access)),
    apiV1Profile,
  );
}
