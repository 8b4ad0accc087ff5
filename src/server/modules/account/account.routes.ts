import { accountEndpoints, exportFileName, PASSWORD_CHANGED } from '@shared/account.contract';
import { changeRequested } from '@shared/email-verification.contract';
import type { Config } from '../../config';
import { UnauthorizedError } from '../../lib/errors';
import { appOrigin } from '../../plugins/app-origin';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { AccountService } from './account.service';

/** Wrong current passwords are limited like sign-in: 10 tries per 15 minutes per account. */
export const CHANGE_PASSWORD_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };

/** Settings (product.md §2, §5, §8): profile, notifications, password, data export. */
export function accountRoutes(
  routes: RouteCollector,
  {
    account,
    config,
  }: { account: AccountService; config: Pick<Config, 'publicOrigin' | 'appHosts'> },
): void {
  routes.route(accountEndpoints.profile, async ({ user, body, request }) => {
    const updated = await account.updateProfile(user, body, appOrigin(request, config));
    const changing = updated.pendingEmail !== null && updated.pendingEmail !== user.pendingEmail;
    return {
      message: changing ? changeRequested(updated.pendingEmail!) : 'Settings updated',
      user: toPublicUser(updated),
    };
  });

  routes.route(accountEndpoints.notifications, async ({ user, body }) => {
    const updated = await account.updateNotifications(user, body);
    return { message: 'Settings updated', user: toPublicUser(updated) };
  });

  routes.route(
    accountEndpoints.password,
    async ({ user, body, request }) => {
      const sid = request.activeSession?.sid;
      if (!sid) throw new UnauthorizedError();
      await account.changePassword(user, sid, body);
      return { message: PASSWORD_CHANGED };
    },
    {
      config: {
        rateLimit: {
          max: CHANGE_PASSWORD_LIMIT.max,
          timeWindow: CHANGE_PASSWORD_LIMIT.windowMs,
          keyGenerator: perSession,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
          }),
        },
      },
    },
  );

  routes.route(accountEndpoints.export, async ({ user, reply }) => {
    const data = await account.exportData(user);
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${exportFileName(data.account, new Date(data.exportedAt))}"`,
      )
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
