import type { FastifyReply } from 'fastify';
import {
  notificationsEndpoints,
  UNSUBSCRIBE_PATH,
  unsubscribeQuery,
} from '@shared/notifications.contract';
import type { RouteCollector } from '../../plugins/routes';
import type { NotificationsService } from './notifications.service';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page';

/** RFC 8058 posts `List-Unsubscribe=One-Click` as a form: read (at most 1 KB) and ignored. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const page = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);

const tokenOf = (query: unknown) => {
  const parsed = unsubscribeQuery.safeParse(query);
  return parsed.success ? parsed.data.token : null;
};

/** One-click unsubscribe (product.md §14): a GET shows a button, the POST turns the switch off. */
export function notificationsRoutes(
  routes: RouteCollector,
  { notifications }: { notifications: NotificationsService },
): void {
  routes.route(
    notificationsEndpoints.unsubscribePage,
    async ({ query, reply }) => {
      const token = tokenOf(query);
      const target = token ? notifications.describe(token) : null;
      if (!token || !target) return page(reply, 400, invalidPage());
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      return page(reply, 200, confirmPage(target.label, action));
    },
    { ownQueryErrors: true },
  );

  routes.group(
    (scope) => {
      scope.addContentTypeParser(
        FORM_TYPES,
        { parseAs: 'string', bodyLimit: 1024 },
        (_r, _b, done) => done(null, undefined),
      );
    },
    (forms) =>
      forms.route(
        notificationsEndpoints.unsubscribe,
        async ({ query, reply }) => {
          const token = tokenOf(query);
          const done = token ? await notifications.unsubscribe(token) : null;
          if (!done) return page(reply, 400, invalidPage());
          return page(reply, 200, donePage(done.label));
        },
        { ownQueryErrors: true },
      ),
  );
}
