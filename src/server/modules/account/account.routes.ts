import type { FastifyInstance } from 'fastify';
import {
  changePasswordBody,
  exportFileName,
  PASSWORD_CHANGED,
  notificationsBody,
  profileBody,
  type ChangePasswordResponse,
  type SettingsResponse,
} from '@shared/account.contract';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { perSession, type SessionManager } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { UsersRepository } from '../auth/users.repository';
import { plansRepository } from '../plans/plans.repository';
import { accountRepository } from './account.repository';
import { accountService } from './account.service';

/** Wrong current passwords are limited like sign-in: 10 tries per 15 minutes per account. */
export const CHANGE_PASSWORD_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };

interface Deps {
  db: Db;
  users: UsersRepository;
  sessions: SessionManager;
  guards: Guards;
  now?: () => number;
}

/** Settings (spec §2, §5, §8): profile, notifications, password, data export. */
export function accountRoutes(app: FastifyInstance, { db, users, sessions, guards, now }: Deps): void {
  const account = accountService({
    users,
    account: accountRepository(db),
    plans: plansRepository(db),
    sessions,
    now,
  });

  app.put('/api/auth/settings/profile', async (request, reply) => {
    const user = await guards.user(request, reply);
    const input = parse(profileBody, request.body);
    const updated = await account.updateProfile(user, input);
    const body: SettingsResponse = { message: 'Settings updated', user: toPublicUser(updated) };
    return body;
  });

  app.put('/api/auth/settings/notifications', async (request, reply) => {
    const user = await guards.user(request, reply);
    const input = parse(notificationsBody, request.body);
    const updated = await account.updateNotifications(user, input);
    const body: SettingsResponse = { message: 'Settings updated', user: toPublicUser(updated) };
    return body;
  });

  app.put(
    '/api/auth/settings/password',
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
    async (request, reply) => {
      const user = await guards.user(request, reply);
      const input = parse(changePasswordBody, request.body);
      const sid = request.activeSession?.sid;
      if (!sid) throw new UnauthorizedError();
      await account.changePassword(user, sid, input);
      const body: ChangePasswordResponse = { message: PASSWORD_CHANGED };
      return body;
    },
  );

  app.get('/api/auth/export', async (request, reply) => {
    const user = await guards.user(request, reply);
    const data = await account.exportData(user);
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFileName(data.account, new Date(data.exportedAt))}"`)
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
