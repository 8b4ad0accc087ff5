import { endpoint } from './endpoint';

/**
 * The server's clock (issue #21 part 4): tablets riding a class together measure their clock's
 * offset against it. Zod-free: the public gym page's player imports it (docs/decisions/0017).
 */
export const SERVER_TIME_PATH = '/api/time';

export interface ServerTimeResponse {
  /** The server's clock when it answered, in epoch milliseconds. */
  now: number;
}

export const serverTimeEndpoints = {
  now: endpoint<{ response: ServerTimeResponse }>()({
    method: 'GET',
    path: SERVER_TIME_PATH,
    access: 'public',
    summary: "The server's clock (epoch ms), for tablets riding a class together",
  }),
} as const;
