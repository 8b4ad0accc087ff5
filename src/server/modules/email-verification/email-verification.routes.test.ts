import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_VERIFIED,
  CHANGE_CANCELLED,
  EMAIL_IN_USE,
  EMAIL_VERIFIED,
  emailChanged,
  INVALID_EMAIL_LINK,
  linkSent,
  NO_LINK_FROM_HERE,
  PASSWORD_FOR_EMAIL_CHANGE,
  TOO_MANY_EMAIL_CHANGES,
  TOO_MANY_EMAIL_LINKS,
} from '@shared/email-verification.contract';
import { WRONG_CURRENT_PASSWORD } from '@shared/account.contract';
import { emailConfirmations } from '../../db/schema/email-confirmations';
import { users } from '../../db/schema/users';
import { EMAIL_CHANGE_CONFIRM_SUBJECT } from '../../mail/templates/email-change-confirm';
import { EMAIL_CHANGE_NOTICE_SUBJECT } from '../../mail/templates/email-change-notice';
import { PASSWORD_RESET_SUBJECT } from '../../mail/templates/password-reset';
import { VERIFY_EMAIL_SUBJECT } from '../../mail/templates/verify-email';
import {
  registerOwner,
  sessionCookie,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { RESENDS_PER_IP } from './email-verification.routes';
import { EMAIL_CHANGE_TRIES, EMAIL_LINKS_PER_ACCOUNT } from './email-verification.service';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cadence <no-reply@cadence.test>' },
    deps: { mail: { worker: true, settings: { pollingIntervalSeconds: 0.5, retryDelay: 1 } } },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1)}`;

type Owner = Awaited<ReturnType<typeof registerOwner>>;

const verify = (token: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token } as object,
    headers: cookie ? { cookie } : {},
  });
const resend = (owner: Owner, from = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/email/resend',
    headers: { cookie: owner.cookie },
    remoteAddress: from,
  });
const changeTo = (
  owner: Owner,
  email: string,
  {
    headers = {},
    currentPassword = owner.password,
  }: { headers?: Record<string, string>; currentPassword?: string } = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/settings/profile',
    headers: { cookie: owner.cookie, ...headers },
    payload: { companyName: 'Spin Co', email, currentPassword },
  });
const me = async (owner: Owner) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } })
  ).json();
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });

const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().map((a) => a.text);
const mailsTo = (address: string, subject: string) =>
  smtp.messages.filter((m) => recipients(m).includes(address) && m.subject === subject);
const tokenIn = (mail: ParsedMail) =>
  /verify-email\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1] ?? '';

/** The `n`th (from 1) email with this subject to the address, once it has arrived. */
async function nthMail(address: string, subject: string, n = 1): Promise<ParsedMail> {
  await smtp.waitFor(() => mailsTo(address, subject).length >= n);
  return mailsTo(address, subject)[n - 1]!;
}

describe('a new account', () => {
  it('gets a verification email; opening its link verifies the address, once', async () => {
    const owner = await registerOwner(t.app);
    expect(await me(owner)).toMatchObject({ emailVerified: false, pendingEmail: null });

    const mail = await nthMail(owner.email, VERIFY_EMAIL_SUBJECT);
    const link = /http:\/\/localhost:80\/verify-email\?token=[\w-]{43}/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    const urls = new Set(`${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"<]+/g));
    expect([...urls]).toEqual([link]);

    // Signed out works too.
    const res = await verify(tokenIn(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_VERIFIED });
    expect(await me(owner)).toMatchObject({ emailVerified: true });

    const again = await verify(tokenIn(mail), owner.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_EMAIL_LINK);
  });

  it('keeps only a SHA-256 of the token', async () => {
    const owner = await registerOwner(t.app);
    const token = tokenIn(await nthMail(owner.email, VERIFY_EMAIL_SUBJECT));
    const rows = await t.database.db.select().from(emailConfirmations);
    const mine = rows.filter((r) => r.userId === owner.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a link after 48 hours, and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const token = tokenIn(await nthMail(owner.email, VERIFY_EMAIL_SUBJECT));
    t.advance(48 * 60 * 60 * 1000 + 1000);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_EMAIL_LINK);
    expect(await me(owner)).toMatchObject({ emailVerified: false });
  });

  it('refuses forged and malformed tokens and bad JSON with a 400, never a 500', async () => {
    for (const token of ['A'.repeat(43), '', 'short', 'A'.repeat(44), '../x'.padEnd(43, 'y'), 7]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_EMAIL_LINK);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('POST /api/auth/email/resend', () => {
  it('sends a fresh link that verifies; once verified there is nothing to resend', async () => {
    const owner = await registerOwner(t.app);
    await nthMail(owner.email, VERIFY_EMAIL_SUBJECT);
    const res = await resend(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: linkSent(owner.email) });
    const second = await nthMail(owner.email, VERIFY_EMAIL_SUBJECT, 2);
    expect((await verify(tokenIn(second))).json()).toEqual({ message: EMAIL_VERIFIED });

    const done = await resend(owner);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(ALREADY_VERIFIED);
  });

  it(`sends one account at most ${EMAIL_LINKS_PER_ACCOUNT.max} links an hour (429 after)`, async () => {
    const owner = await registerOwner(t.app); // the first link
    for (let i = 1; i < EMAIL_LINKS_PER_ACCOUNT.max; i += 1) {
      expect((await resend(owner)).statusCode).toBe(200);
    }
    const refused = await resend(owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_EMAIL_LINKS);
    await smtp.waitFor(
      () => mailsTo(owner.email, VERIFY_EMAIL_SUBJECT).length >= EMAIL_LINKS_PER_ACCOUNT.max,
    );
    expect(mailsTo(owner.email, VERIFY_EMAIL_SUBJECT)).toHaveLength(EMAIL_LINKS_PER_ACCOUNT.max);
    // A new hour, a new allowance.
    t.advance(EMAIL_LINKS_PER_ACCOUNT.windowMs + 1000);
    expect((await resend(owner)).statusCode).toBe(200);
  });

  it(`limits resends to ${RESENDS_PER_IP.max} per 15 minutes per IP address`, async () => {
    const from = nextIp();
    for (let i = 0; i < RESENDS_PER_IP.max; i += 1) {
      expect((await resend(await registerOwner(t.app), from)).statusCode).toBe(200);
    }
    const refused = await resend(await registerOwner(t.app), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_EMAIL_LINKS);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/email/resend' });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the email', () => {
  it('sends a link to the new address and a notice to the old; it applies once confirmed', async () => {
    const owner = await registerOwner(t.app);
    const oldLink = tokenIn(await nthMail(owner.email, VERIFY_EMAIL_SUBJECT));
    const next = uniqueEmail('new');
    const res = await changeTo(owner, next);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: owner.email, pendingEmail: next });

    const notice = await nthMail(owner.email, EMAIL_CHANGE_NOTICE_SUBJECT);
    expect(notice.text).toContain(next);
    expect(`${notice.text}${notice.html}`).not.toMatch(/https?:\/\//);
    const confirm = await nthMail(next, EMAIL_CHANGE_CONFIRM_SUBJECT);

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(next, owner.password)).statusCode).toBe(401);

    const done = await verify(tokenIn(confirm), owner.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: emailChanged(next) });
    expect(await me(owner)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    expect((await login(next, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);

    // The old address's verification link proves nothing about the account any more.
    expect((await verify(oldLink)).json()).toEqual({ message: INVALID_EMAIL_LINK });
  });

  it('Resend sends the pending link again; Cancel voids it', async () => {
    const owner = await registerOwner(t.app);
    const next = uniqueEmail('new');
    await changeTo(owner, next);
    const res = await resend(owner);
    expect(res.json()).toEqual({ message: linkSent(next) });
    const second = await nthMail(next, EMAIL_CHANGE_CONFIRM_SUBJECT, 2);
    // The old address heard of the change once, not at every resend.
    expect(mailsTo(owner.email, EMAIL_CHANGE_NOTICE_SUBJECT)).toHaveLength(1);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/email/pending',
      headers: { cookie: owner.cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: CHANGE_CANCELLED,
      user: { email: owner.email, pendingEmail: null },
    });
    expect((await verify(tokenIn(second))).json()).toEqual({ message: INVALID_EMAIL_LINK });
    expect(await me(owner)).toMatchObject({ email: owner.email });
  });

  it('needs the current password, at most 10 tries per 15 minutes; a refusal changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const next = uniqueEmail('new');
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settings/profile',
      headers: { cookie: owner.cookie },
      payload: { companyName: 'Spin Co', email: next },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: PASSWORD_FOR_EMAIL_CHANGE,
      errors: [{ field: 'currentPassword', message: PASSWORD_FOR_EMAIL_CHANGE }],
    });
    for (let i = 0; i < EMAIL_CHANGE_TRIES.max; i += 1) {
      const wrong = await changeTo(owner, next, { currentPassword: `wrong guess ${i}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD);
    }
    const blocked = await changeTo(owner, next);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY_EMAIL_CHANGES);
    expect(await me(owner)).toMatchObject({ pendingEmail: null, companyName: null });
    expect(mailsTo(next, EMAIL_CHANGE_CONFIRM_SUBJECT)).toEqual([]);
  });

  it('refuses an address another account uses, and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const res = await changeTo(owner, other.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_IN_USE);
    expect(await me(owner)).toMatchObject({ pendingEmail: null, companyName: null });
  });

  it('lets only the first of two accounts confirming the same address have it', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const wanted = uniqueEmail('wanted');
    await changeTo(a, wanted);
    await changeTo(b, wanted);
    await smtp.waitFor(() => mailsTo(wanted, EMAIL_CHANGE_CONFIRM_SUBJECT).length >= 2);
    const tokens = mailsTo(wanted, EMAIL_CHANGE_CONFIRM_SUBJECT).map(tokenIn);
    const answers = await Promise.all(tokens.map((token) => verify(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(EMAIL_IN_USE);
    // Opened signed out: the winner's sessions ended; the addresses as stored.
    const emailOf = async (owner: Owner) =>
      (await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.email;
    const emails = [await emailOf(a), await emailOf(b)];
    expect(emails.filter((e) => e === wanted)).toHaveLength(1);
    expect(emails).toContain(emails[0] === wanted ? b.email : a.email);
  });

  it('builds no link from a Host the app does not own', async () => {
    const owner = await registerOwner(t.app);
    const res = await changeTo(owner, uniqueEmail('new'), { headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_LINK_FROM_HERE);
    expect(await me(owner)).toMatchObject({ pendingEmail: null });
  });
});

/**
 * The chain of issue #16: someone signs up with another person's address (unverified) and asks to
 * change it to their own; the address's owner takes the account back by resetting the password.
 * The change asked for under the old password must die with it.
 */
describe('a pending change and the password', () => {
  const linksOf = (owner: Owner) =>
    t.database.db
      .select({ email: emailConfirmations.email })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, owner.id));
  const resetLinkIn = (mail: ParsedMail) =>
    /reset-password\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1] ?? '';

  it('a password reset voids the change link and drops the pending address', async () => {
    const victim = await registerOwner(t.app);
    const attacker = uniqueEmail('attacker');
    expect((await changeTo(victim, attacker)).statusCode).toBe(200);
    const changeLink = tokenIn(await nthMail(attacker, EMAIL_CHANGE_CONFIRM_SUBJECT));
    const verifyLink = tokenIn(await nthMail(victim.email, VERIFY_EMAIL_SUBJECT));

    // The address's owner: forgot-password, the link from the mailbox, a new password.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: nextIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const resetToken = resetLinkIn(await nthMail(victim.email, PASSWORD_RESET_SUBJECT));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'the real owner now' },
    });
    expect(reset.statusCode).toBe(200);

    expect(await linksOf(victim)).toEqual([{ email: victim.email }]);
    const opened = await verify(changeLink);
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toEqual({ message: INVALID_EMAIL_LINK });
    const owner = await login(victim.email, 'the real owner now');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ email: victim.email, pendingEmail: null });
    expect((await login(attacker, 'the real owner now')).statusCode).toBe(401);
    // The verification link to the account's own address still works.
    expect((await verify(verifyLink)).json()).toEqual({ message: EMAIL_VERIFIED });
  });

  it('a password change voids the change link and drops the pending address', async () => {
    const owner = await registerOwner(t.app);
    const next = uniqueEmail('new');
    await changeTo(owner, next);
    const changeLink = tokenIn(await nthMail(next, EMAIL_CHANGE_CONFIRM_SUBJECT));

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settings/password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: 'a different secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await me(owner)).toMatchObject({ email: owner.email, pendingEmail: null });
    expect(await linksOf(owner)).toEqual([{ email: owner.email }]);
    expect((await verify(changeLink)).json()).toEqual({ message: INVALID_EMAIL_LINK });
    expect(await me(owner)).toMatchObject({ email: owner.email });
  });

  it("a confirmed change signs out the account's other sessions, not the opener's", async () => {
    const owner = await registerOwner(t.app);
    const other = sessionCookie(await login(owner.email, owner.password));
    const next = uniqueEmail('new');
    await changeTo(owner, next);
    const link = tokenIn(await nthMail(next, EMAIL_CHANGE_CONFIRM_SUBJECT));

    expect((await verify(link, owner.cookie)).json()).toEqual({ message: emailChanged(next) });
    expect(await me(owner)).toMatchObject({ email: next });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: other },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('a change confirmed signed out signs out every session of the account', async () => {
    const owner = await registerOwner(t.app);
    const next = uniqueEmail('new');
    await changeTo(owner, next);
    const link = tokenIn(await nthMail(next, EMAIL_CHANGE_CONFIRM_SUBJECT));
    expect((await verify(link)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(401);
  });
});
