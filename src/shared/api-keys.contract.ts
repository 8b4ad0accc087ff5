import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { lockedMessage } from './plan-features';

/**
 * API keys (issue #19, Elite Studio): made under Settings > API, each with a name and a scope; the
 * secret is shown once. A key authenticates as `Authorization: Bearer cad_live_…` on /api/v1 only;
 * the browser's session never works there, and a key never works on the session routes.
 */
export const API_KEYS_PATH = '/api/auth/api-keys';

/** Every secret starts with this, so secret scanners can spot a leaked key. */
export const API_KEY_PREFIX = 'cad_live_';

/** 'read' reads; 'write' reads and writes. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

export const API_KEY_NAME_MAX = 100;
/** Keys an account may hold at once (revoked ones not counted). */
export const API_KEYS_LIMIT = 20;

export const API_KEY_MESSAGES = {
  locked: lockedMessage('apiAccess', 'The Cadence API'),
  nameRequired: 'Name the key so you can tell it apart later',
  nameLong: `Key name must be under ${API_KEY_NAME_MAX} characters`,
  scope: 'Choose what the key may do: read, or read and write',
  limit: `An account can hold up to ${API_KEYS_LIMIT} keys. Revoke one to make another.`,
  notFound: 'API key not found',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked: it stops working at once',
} as const;

export const createApiKeyBody = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameLong),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scope }),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** How the key starts and ends: `cad_live_…Ab3x` (never the secret). */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Set once revoked: the key no longer works. */
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKey>;

const apiKeysView = z.object({
  keys: z.array(apiKey),
  /** The plan includes API access (otherwise the screen shows the lock; keys made before stay listed). */
  allowed: z.boolean(),
});
export type ApiKeysView = z.infer<typeof apiKeysView>;

const createdApiKey = z.object({
  message: z.string(),
  key: apiKey,
  /** The whole secret: shown this once, never again. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyEndpoints = {
  list: withSchemas(
    endpoint<{ response: ApiKeysView }>()({
      method: 'GET',
      path: API_KEYS_PATH,
      access: 'owner',
      summary: "The account's API keys, newest first (never their secrets)",
    }),
    { response: apiKeysView },
  ),
  create: withSchemas(
    endpoint<{ body: z.input<typeof createApiKeyBody>; response: CreatedApiKey }>()({
      method: 'POST',
      path: API_KEYS_PATH,
      access: 'owner',
      summary: 'Makes an API key (Elite Studio); its secret is in this answer only',
      status: 201,
    }),
    { body: createApiKeyBody, response: createdApiKey },
  ),
  revoke: withSchemas(
    endpoint<{ response: { message: string } }>()({
      method: 'DELETE',
      path: `${API_KEYS_PATH}/:id`,
      access: 'owner',
      summary: 'Revokes an API key at once',
    }),
    { response: z.object({ message: z.string() }) },
  ),
} as const;
