import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED } from '@shared/account.contract';
import {
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
  RESET_REQUESTED,
} from '@shared/password-reset.contract';
import { passwordResets } from '../../db/schema/password-resets';
import { QUEUE_SCHEMA } from '../../jobs/queue-upgrade';
import { PASSWORD_CHANGED_SUBJECT } from '../../mail/templates/password-changed';
import { PASSWORD_RESET_SUBJECT } from '../../mail/templates/password-reset';
import { registerOwner, startTestApp, uniqueEmail, type TestApp } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { RESET_REQUESTS_PER_IP } from './password-reset.routes';
import { RESET_EMAILS_PER_ADDRESS } from './password-reset.service';

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
/** Each test's requests from their own address, so the per-IP limit is only met where tested. */
const nextIp = () => `192.0.2.${(ip += 1)}`;

const forgot = (email: string, from = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: from,
    headers,
  });
const reset = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: payload as object });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });

const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().map((a) => a.text);
const to = (address: string) => (mail: ParsedMail) => recipients(mail).includes(address);
const resetMailTo = (address: string) => (mail: ParsedMail) =>
  to(address)(mail) && mail.subject === PASSWORD_RESET_SUBJECT;
const tokenIn = (mail: ParsedMail) =>
  /reset-password\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1] ?? '';

/** Asks for a link and returns its token, read from the email the SMTP server received. */
async function linkFor(email: string): Promise<string> {
  const before = smtp.messages.filter(resetMailTo(email)).length;
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await smtp.waitFor(
    (m) => resetMailTo(email)(m) && smtp.messages.filter(resetMailTo(email)).indexOf(m) >= before,
  );
  return tokenIn(mail);
}

describe('POST /api/auth/forgot-password', () => {
  it('queues a reset email with an HTML and a text part, the product name and one link', async () => {
    const owner = await registerOwner(t.app);
    const res = await forgot(owner.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED });

    const mail = await smtp.waitFor(resetMailTo(owner.email));
    expect(mail.from?.value).toEqual([{ name: 'Cadence', address: 'no-reply@cadence.test' }]);
    expect(recipients(mail)).toEqual([owner.email]);
    const link = /http:\/\/localhost:80\/reset-password\?token=[\w-]{43}/.exec(
      mail.text ?? '',
    )?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Cadence');
    expect(mail.text).toContain('Cadence');
    // Nothing but the one link: no other URL, no password hash.
    const urls = new Set(`${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"<]+/g));
    expect([...urls]).toEqual([link]);
    expect(`${mail.text}${mail.html}`).not.toMatch(/argon2/);
  });

  it('sends to an address with odd but valid characters', async () => {
    const email = `o'brien+spin.${Date.now()}@studio-1.example`;
    await registerOwner(t.app, { email });
    expect((await forgot(email)).json()).toEqual({ message: RESET_REQUESTED });
    const mail = await smtp.waitFor(resetMailTo(email));
    expect(tokenIn(mail)).toHaveLength(43);
  });

  it('answers an address without an account the same, and sends it nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const owner = await registerOwner(t.app);
    const unknown = await forgot(nobody);
    const known = await forgot(owner.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // The known address's email arrives after the unknown one would have been queued.
    await smtp.waitFor(resetMailTo(owner.email));
    expect(smtp.messages.filter(to(nobody))).toEqual([]);
  });

  it(`sends one address at most ${RESET_EMAILS_PER_ADDRESS.max} emails an hour, however many requests`, async () => {
    const owner = await registerOwner(t.app);
    const marker = await registerOwner(t.app);
    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS.max + 3; i += 1) {
      const res = await forgot(owner.email);
      expect(res.json()).toEqual({ message: RESET_REQUESTED });
    }
    await forgot(marker.email);
    await smtp.waitFor(resetMailTo(marker.email));
    await smtp.waitFor(
      () => smtp.messages.filter(resetMailTo(owner.email)).length >= RESET_EMAILS_PER_ADDRESS.max,
    );
    expect(smtp.messages.filter(resetMailTo(owner.email))).toHaveLength(
      RESET_EMAILS_PER_ADDRESS.max,
    );
  });

  it('limits requests per IP address with a 429', async () => {
    const from = nextIp();
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i += 1) {
      expect((await forgot(uniqueEmail('flood'), from)).statusCode).toBe(200);
    }
    const refused = await forgot(uniqueEmail('flood'), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many reset requests from your network\. Please try again in \d+ minutes\.$/,
    );
  });

  it('builds no link from a Host the app does not own', async () => {
    const owner = await registerOwner(t.app);
    const marker = await registerOwner(t.app);
    const res = await forgot(owner.email, nextIp(), { host: 'evil.example' });
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    await forgot(marker.email);
    await smtp.waitFor(resetMailTo(marker.email));
    expect(smtp.messages.filter(resetMailTo(owner.email))).toEqual([]);
  });

  it('refuses a malformed address and malformed JSON with a 400, never a 500', async () => {
    expect((await forgot('not-an-address')).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the request itself (no timing side channel)', () => {
  it('queues one job with the address and touches no account or token, whoever asks', async () => {
    // An app that sends nothing: what the request did is all there is to see.
    const quiet = await startTestApp({ deps: { mail: { worker: false } } });
    try {
      const owner = await registerOwner(quiet.app);
      const nobody = uniqueEmail('nobody');
      for (const email of [owner.email, nobody]) {
        const res = await quiet.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: nextIp(),
        });
        expect(res.json()).toEqual({ message: RESET_REQUESTED });
      }
      expect(await quiet.database.db.select().from(passwordResets)).toEqual([]);
      const jobs = (await quiet.database.db.execute(
        sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = 'mail' and data ? 'kind' order by created_on`,
      )) as unknown as { rows: Array<{ data: unknown }> };
      expect(jobs.rows.map((r) => r.data)).toEqual([
        { kind: 'password-reset', email: owner.email, origin: 'http://localhost:80' },
        { kind: 'password-reset', email: nobody, origin: 'http://localhost:80' },
      ]);
    } finally {
      await quiet.close();
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the password, signs out every session, voids the link and sends a notice', async () => {
    const owner = await registerOwner(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(before.json().emailVerified).toBe(false);
    const token = await linkFor(owner.email);
    const res = await reset({ token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_DONE });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(me.statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
    const signedIn = await login(owner.email, 'a brand new secret');
    expect(signedIn.statusCode).toBe(200);
    // The link reached the address: it counts as verified (an unverified account registered with
    // someone else's address is theirs once they reset its password).
    expect(signedIn.json().user.emailVerified).toBe(true);

    const notice = await smtp.waitFor(
      (m) => to(owner.email)(m) && m.subject === PASSWORD_CHANGED_SUBJECT,
    );
    expect(notice.html).toContain('Cadence');
    expect(notice.text).toContain('signed out');
    expect(`${notice.text}${notice.html}`).not.toMatch(/https?:\/\//);

    const again = await reset({ token, password: 'another new secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_RESET_LINK);
    expect((await login(owner.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('voids every other link of the user once one is used', async () => {
    const owner = await registerOwner(t.app);
    const first = await linkFor(owner.email);
    const second = await linkFor(owner.email);
    expect((await reset({ token: second, password: 'second new secret' })).statusCode).toBe(200);
    const res = await reset({ token: first, password: 'first new secret' });
    expect(res.json()).toEqual({ message: INVALID_RESET_LINK });
  });

  it('refuses a link after its hour, and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const token = await linkFor(owner.email);
    t.advance(60 * 60 * 1000 + 1000);
    const res = await reset({ token, password: 'too late secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_RESET_LINK);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('refuses a link once the password changed in the settings', async () => {
    const owner = await registerOwner(t.app);
    const token = await linkFor(owner.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settings/password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: 'changed in settings' },
    });
    expect(change.json()).toEqual({ message: PASSWORD_CHANGED });
    const res = await reset({ token, password: 'reset after change' });
    expect(res.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await login(owner.email, 'changed in settings')).statusCode).toBe(200);
  });

  it('refuses forged and malformed tokens and bad JSON with a 400, never a 500', async () => {
    const forged = await reset({ token: 'A'.repeat(43), password: 'forged secret pw' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(INVALID_RESET_LINK);
    for (const token of ['', 'short', 'A'.repeat(44), '../../etc/passwd'.padEnd(43, 'x'), 42]) {
      const res = await reset({ token, password: 'forged secret pw' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_RESET_LINK);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":"',
    });
    expect(json.statusCode).toBe(400);
  });

  it('keeps the password rules of sign-up, without using the link up', async () => {
    const owner = await registerOwner(t.app);
    const token = await linkFor(owner.email);
    const weak = await reset({ token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('New password must be at least 8 characters');
    expect((await reset({ token, password: 'long and fine now' })).statusCode).toBe(200);
  });
});
