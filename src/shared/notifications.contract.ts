import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** The one-click unsubscribe link of every notification email (RFC 8058). */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is invalid. You can turn notification emails off in Settings.';

export const unsubscribeQuery = z.object({
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).max(200, INVALID_UNSUBSCRIBE_LINK),
});

export const notificationsEndpoints = {
  /** A page with a button: link scanners GET links, so a GET never unsubscribes. */
  unsubscribePage: withSchemas(
    endpoint<{ query: z.input<typeof unsubscribeQuery> }>()({
      method: 'GET',
      path: UNSUBSCRIBE_PATH,
      access: 'public',
      summary: 'The page an unsubscribe link opens: which switch it turns off, and a button',
      produces: 'text/html',
    }),
    { query: unsubscribeQuery },
  ),
  /** The one-click POST (mail clients, or the page's button): the switch the token names goes off. */
  unsubscribe: withSchemas(
    endpoint<{ query: z.input<typeof unsubscribeQuery> }>()({
      method: 'POST',
      path: UNSUBSCRIBE_PATH,
      access: 'public',
      summary: 'Turns off the notification switch a signed unsubscribe token names',
      produces: 'text/html',
    }),
    { query: unsubscribeQuery },
  ),
} as const;
