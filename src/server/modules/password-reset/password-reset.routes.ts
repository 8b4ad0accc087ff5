import {
  PASSWORD_RESET_DONE,
  passwordResetEndpoints,
  RESET_REQUESTED,
  tooManyResetRequests,
} from '@shared/password-reset.contract';
import type { Config } from '../../config';
import type { Limit } from '../../plugins/attempt-limit';
import { appOrigin } from '../../plugins/app-origin';
import { clientAddress } from '../../plugins/client-address';
import type { RouteCollector } from '../../plugins/routes';
import type { PasswordResetService } from './password-reset.service';

/** Reset requests per IP address (each address also gets at most a few emails an hour). */
export const RESET_REQUESTS_PER_IP: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

interface Deps {
  passwordReset: PasswordResetService;
  config: Pick<Config, 'publicOrigin' | 'appHosts'>;
}

/** Forgot password (product.md §1): request a link by email, set a new password with it. */
export function passwordResetRoutes(routes: RouteCollector, { passwordReset, config }: Deps): void {
  routes.route(
    passwordResetEndpoints.forgot,
    async ({ body, request }) => {
      const origin = appOrigin(request, config);
      if (origin) await passwordReset.requestReset(body.email, origin);
      else request.log.warn({ host: request.hostname }, "reset link not sent: not the app's host");
      return { message: RESET_REQUESTED };
    },
    {
      config: {
        rateLimit: {
          max: RESET_REQUESTS_PER_IP.max,
          timeWindow: RESET_REQUESTS_PER_IP.windowMs,
          keyGenerator: (request) => clientAddress(request.ip),
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: tooManyResetRequests(Math.max(1, Math.ceil(context.ttl / 60_000))),
          }),
        },
      },
    },
  );

  routes.route(passwordResetEndpoints.reset, async ({ body }) => {
    await passwordReset.resetPassword(body);
    return { message: PASSWORD_RESET_DONE };
  });
}
