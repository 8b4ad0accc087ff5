/** The app's own endpoints: health and the API's description. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** 'unavailable' comes with a 503, while the database does not answer. */
const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof healthResponse>;

/** The document is generated from the descriptors: described only as a JSON object here. */
const openApiResponse = z.record(z.string(), z.unknown());

export const systemEndpoints = {
  /** 503 `{ status: 'unavailable' }` while the database does not answer. */
  health: withSchemas(
    endpoint<{ response: HealthResponse }>()({
      method: 'GET',
      path: '/api/health',
      access: 'public',
      summary: 'Whether the app and its database answer',
    }),
    { response: healthResponse },
  ),
  /** An OpenAPI 3.1 document generated from the endpoint descriptors. */
  openApi: withSchemas(
    endpoint<{ response: Record<string, unknown> }>()({
      method: 'GET',
      path: '/api/openapi.json',
      access: 'public',
      summary: 'This API as an OpenAPI 3.1 document',
    }),
    { response: openApiResponse },
  ),
} as const;
