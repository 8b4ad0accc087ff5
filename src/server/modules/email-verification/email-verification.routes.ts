import {
  CHANGE_CANCELLED,
  emailVerificationEndpoints,
  TOO_MANY_EMAIL_LINKS,
} from '@shared/email-verification.contract';
import type { Config } from '../../config';
import type { Limit } from '../../plugins/attempt-limit';
import { appOrigin } from '../../plugins/app-origin';
import { clientAddress } from '../../plugins/client-address';
import type { RouteCollector } from '../../plugins/routes';
import type { SessionManager } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { EmailVerificationService } from './email-verification.service';

/** Resends per IP address (each account also has its own hourly allowance of links). */
export const RESENDS_PER_IP: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

interface Deps {
  emailVerification: EmailVerificationService;
  sessions: Pick<SessionManager, 'read'>;
  config: Pick<Config, 'publicOrigin' | 'appHosts'>;
}

/** Verified addresses and email changes (product.md §14): open a link, resend it, cancel a change. */
export function emailVerificationRoutes(
  routes: RouteCollector,
  { emailVerification, sessions, config }: Deps,
): void {
  routes.route(emailVerificationEndpoints.verify, async ({ body, request, reply }) => {
    // Opened signed in: that session stays when a change applies (the others end).
    const opener = await sessions.read(request, reply);
    return { message: await emailVerification.confirm(body.token, opener?.sid) };
  });

  routes.route(
    emailVerificationEndpoints.resend,
    async ({ user, request }) => ({
      message: await emailVerification.resend(user, appOrigin(request, config)),
    }),
    {
      config: {
        rateLimit: {
          max: RESENDS_PER_IP.max,
          timeWindow: RESENDS_PER_IP.windowMs,
          keyGenerator: (request) => clientAddress(request.ip),
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_EMAIL_LINKS }),
        },
      },
    },
  );

  routes.route(emailVerificationEndpoints.cancelChange, async ({ user }) => ({
    message: CHANGE_CANCELLED,
    user: toPublicUser(await emailVerification.cancelChange(user)),
  }));
}
