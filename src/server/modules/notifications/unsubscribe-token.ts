import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKey } from '@shared/account.contract';

/** The switch each token names, as it is written in the token. */
const CODES = {
  notifyEmail: 'email',
  notifyStudentActivity: 'activity',
  notifyWeeklyReports: 'weekly',
} as const satisfies Record<NotificationKey, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What an unsubscribe link stands for: one owner, one switch. */
export interface UnsubscribeTarget {
  userId: string;
  setting: NotificationKey;
}

/**
 * One-click unsubscribe tokens: `<user id>.<switch>.<HMAC-SHA256>`, signed with a key derived from
 * the app's signing secret. They do not expire (an unsubscribe link keeps working) and carry no
 * secret: they can only turn a switch off.
 */
export function unsubscribeTokens(signingSecret: string) {
  const key = createHmac('sha256', signingSecret).update('cadence unsubscribe v1').digest();
  const sign = (userId: string, code: string) =>
    createHmac('sha256', key).update(`${userId}.${code}`).digest();

  return {
    issue({ userId, setting }: UnsubscribeTarget): string {
      const code = CODES[setting];
      return `${userId}.${code}.${sign(userId, code).toString('base64url')}`;
    },

    /** The owner and switch a genuine token names; null for anything else. */
    read(token: string): UnsubscribeTarget | null {
      const [userId, code, mac, ...rest] = token.split('.');
      if (rest.length > 0 || !userId || !code || !mac || !UUID.test(userId)) return null;
      const setting = (Object.keys(CODES) as NotificationKey[]).find((k) => CODES[k] === code);
      if (!setting) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(userId, code);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, setting };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
