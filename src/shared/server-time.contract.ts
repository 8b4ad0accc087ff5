import { z } from 'zod';
import { withSchemas } from './endpoint-schemas';
import { serverTimeEndpoints } from './server-time';

export type { ServerTimeResponse } from './server-time';

const serverTimeResponse = z.object({ now: z.number().int().positive() });

/** The server's clock (server-time.ts) with the schema its answer is checked with. */
export const serverTimeEndpointsWithSchemas = {
  now: withSchemas(serverTimeEndpoints.now, { response: serverTimeResponse }),
} as const;
