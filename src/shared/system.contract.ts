/** The app's own endpoints: health and the API's description. */
import { endpoint } from './endpoint';

export interface HealthResponse {
  status: 'ok' | 'unavailable';
}

export const systemEndpoints = {
  /** 503 `{ status: 'unavailable' }` while the database does not answer. */
  health: endpoint<{ response: HealthResponse }>()({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Whether the app and its database answer',
  }),
  /** An OpenAPI 3.1 document generated from the endpoint descriptors. */
  openApi: endpoint<{ response: Record<string, unknown> }>()({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
  }),
} as const;
