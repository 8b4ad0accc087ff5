import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_UNSUBSCRIBE_LINK } from '@shared/notifications.contract';
import { buildApp } from '../../app';
import { buildServices, createLogger, NOTIFICATIONS_TICK, type Services } from '../../composition';
import { loadConfig } from '../../config';
import { QUEUE_SCHEMA } from '../../jobs/queue-upgrade';
import { renderMail } from '../../mail/render';
import { NOTIFICATION_PREVIEWS } from '../../mail/templates/notifications';
import { WEEKLY_CHART_CID } from '../../mail/templates/weekly-report';
import { seedPlayback, seedVideo } from '../../test/analytics-fixtures';
import { freshDatabase, sessionCookie, uniqueEmail } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { SYSTEM, adminActor, type VideoLifecycle } from '../videos/lifecycle';
import { unsubscribeTokens } from './unsubscribe-token';

const ORIGIN = 'https://app.cadence.test';
const SECRET = 'n'.repeat(40);

let smtp: TestSmtpServer;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let services: Services;
let app: FastifyInstance;
let lifecycle: VideoLifecycle;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await freshDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-notify-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    PUBLIC_URL: ORIGIN,
    SIGNING_SECRET: SECRET,
    AUTO_ENHANCE: 'off',
  });
  services = await buildServices({
    config,
    database,
    log: createLogger({ level: 'silent' }),
    mail: { worker: true, settings: { pollingIntervalSeconds: 0.5, retryDelay: 1 } },
  });
  app = await buildApp({ config, database, services, web: 'none', checkResponses: true });
  await app.ready();
  // What the media jobs move videos through.
  lifecycle = services.lifecycle;
});
afterAll(async () => {
  await app.close();
  await services.close();
  await database.dispose();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Switches = Partial<
  Record<'notifyEmail' | 'notifyStudentActivity' | 'notifyWeeklyReports', boolean>
>;

/** An onboarded owner (or an admin), straight through the services. */
async function account(
  options: { admin?: boolean; timeZone?: string; studio?: string } & Switches = {},
) {
  const { admin, studio, ...patch } = options;
  const email = uniqueEmail(admin ? 'admin' : 'owner');
  const user = admin
    ? await services.auth.ensureAdmin(email, 'correct horse battery')
    : await services.auth.register({
        email,
        password: 'correct horse battery',
        firstName: 'Sam',
        lastName: 'Rider',
      });
  await services.auth.updateUser(user.id, {
    onboardingCompleted: admin ? 'false' : 'true',
    companyName: studio ?? 'Spin House',
    ...patch,
  });
  return { id: user.id, email };
}

/** The mail jobs queued to an address (sent or not), by template. */
async function queued(to: string, template?: string): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(QUEUE_SCHEMA)}.job
        where name = 'mail' and data->>'to' = ${to}
        ${template ? sql`and data->>'template' = ${template}` : sql``}`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().map((a) => a.text);
const mailTo = (address: string, subject?: RegExp) => (m: ParsedMail) =>
  recipients(m).includes(address) && (!subject || subject.test(m.subject ?? ''));
/** A header as sent (mailparser structures the List-* headers; the raw line is what counts). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim() ?? '';
/** The URL of `List-Unsubscribe: <url>`. */
const unsubscribeLinkOf = (mail: ParsedMail) => {
  const value = header(mail, 'list-unsubscribe');
  return value.startsWith('<') && value.endsWith('>') ? value.slice(1, -1) : '';
};

describe('the notification templates', () => {
  it.each(Object.values(NOTIFICATION_PREVIEWS))(
    'render $template with HTML, text and the one-click unsubscribe headers',
    (payload) => {
      const message = renderMail(payload);
      expect(message.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(message.html).toContain(`href="${payload.unsubscribe}"`);
      expect(message.text).toContain(payload.unsubscribe);
      expect(message.text).not.toMatch(/<[a-z]/);
      expect(message.headers).toEqual({
        'List-Unsubscribe': `<${payload.unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    },
  );
});

describe('Email Notifications: a video ready or failed', () => {
  it('tells the owner once a video is ready, with the RFC 8058 headers', async () => {
    const owner = await account();
    const videoId = await seedVideo(database.db, owner.id, {
      title: 'Dawn Intervals',
      processingStatus: 'processing',
    });
    await lifecycle.publishEnhanced(videoId, {
      by: SYSTEM,
      version: 'v1',
      notes: 'Enhanced.',
      at: new Date(),
    });

    const mail = await smtp.waitFor(mailTo(owner.email, /Dawn Intervals/));
    expect(mail.subject).toBe('“Dawn Intervals” is ready for your riders');
    expect(mail.text).toContain(`${ORIGIN}/videos`);
    expect(mail.html).toContain('Dawn Intervals');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeLinkOf(mail)).toMatch(
      new RegExp(`^${ORIGIN}/api/email/unsubscribe\\?token=${owner.id}\\.email\\.[\\w-]{43}$`),
    );
    expect(await queued(owner.email)).toBe(1);
  });

  it('tells the owner a video failed, with the note and what to do; once per event', async () => {
    const owner = await account();
    const videoId = await seedVideo(database.db, owner.id, { title: 'Broken Upload' });
    const note = 'We could not read this video file, so it cannot be processed.';
    await lifecycle.transition(videoId, {
      to: 'failed',
      by: SYSTEM,
      action: 'ingest_failed',
      notes: note,
    });

    const mail = await smtp.waitFor(mailTo(owner.email, /Broken Upload/));
    expect(mail.subject).toBe('“Broken Upload” could not be processed');
    expect(mail.text).toContain(note);
    expect(mail.text).toContain('Replace it with a new upload, or delete it');

    // The listener run again for the same event (a retry) queues nothing new.
    const [event] = await lifecycle.events(videoId);
    await services.notifications.videoEvent({
      eventId: event!.id,
      videoId,
      action: 'ingest_failed',
      by: 'system',
      status: 'failed',
    });
    expect(await queued(owner.email)).toBe(1);
    // A move the lifecycle refuses (the job ran twice) tells no one.
    await expect(
      lifecycle.transition(videoId, {
        to: 'failed',
        by: SYSTEM,
        action: 'ingest_failed',
        notes: note,
      }),
    ).rejects.toThrow(/refused/);
    expect(await queued(owner.email)).toBe(1);
  });

  it("reaches the owner through the composition root (an admin's 'Mark Failed')", async () => {
    const owner = await account();
    const admin = await account({ admin: true });
    const adminRow = (await services.auth.findUser(admin.id))!;
    const videoId = await seedVideo(database.db, owner.id, {
      title: 'Stuck Ride',
      processingStatus: 'processing',
    });
    await services.admin.changeStatus(adminRow, videoId, {
      status: 'failed',
      notes: 'The picture is black from start to end. Please check the camera and upload again.',
    });
    const mail = await smtp.waitFor(mailTo(owner.email, /Stuck Ride/));
    expect(mail.text).toContain('The picture is black from start to end.');
  });

  it('sends nothing while the switch is off', async () => {
    const owner = await account({ notifyEmail: false });
    const videoId = await seedVideo(database.db, owner.id, {
      title: 'Quiet Ride',
      processingStatus: 'processing',
    });
    await lifecycle.publishEnhanced(videoId, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });
    await lifecycle.transition(videoId, {
      to: 'failed',
      by: SYSTEM,
      action: 'package_failed',
      notes: 'Packaging failed.',
    });
    expect(await queued(owner.email)).toBe(0);
  });
});

describe('the admin team: a video waits for them', () => {
  it('emails every admin whose switch is on when automation gives up, and on AUTO_ENHANCE=off', async () => {
    const on = await account({ admin: true });
    const off = await account({ admin: true, notifyEmail: false });
    const owner = await account({ studio: 'Pedal Palace' });
    const manual = await seedVideo(database.db, owner.id, {
      title: 'Camera Walk',
      processingStatus: 'processing',
    });
    await lifecycle.transition(manual, {
      from: 'processing',
      to: 'processing',
      action: 'needs_manual',
      by: SYSTEM,
      notes: 'Background replacement needs manual work: the camera moves.',
    });
    const mail = await smtp.waitFor(mailTo(on.email, /Camera Walk/));
    expect(mail.subject).toBe('A video waits for the admin team: “Camera Walk”');
    expect(mail.text).toContain('Pedal Palace');
    expect(mail.text).toContain('the camera moves');
    expect(mail.text).toContain(`${ORIGIN}/admin/videos`);

    // AUTO_ENHANCE=off: an ingested video stays 'uploaded' and waits for an admin to start it.
    const waiting = await seedVideo(database.db, owner.id, { title: 'Fresh Upload' });
    await lifecycle.record(waiting, {
      action: 'ingested',
      status: 'uploaded',
      by: SYSTEM,
      notes: 'Preview ready.',
    });
    const second = await smtp.waitFor(mailTo(on.email, /Fresh Upload/));
    expect(second.text).toContain('Automatic enhancement is off');

    expect(await queued(off.email)).toBe(0);
    // The owner hears nothing of it (their video is neither ready nor failed).
    expect(await queued(owner.email)).toBe(0);
  });

  it('is not told of an admin’s own moves', async () => {
    const admin = await account({ admin: true });
    const owner = await account();
    const videoId = await seedVideo(database.db, owner.id, { title: 'Desk Start' });
    await lifecycle.transition(videoId, {
      to: 'processing',
      by: adminActor(admin.id),
      notes: null,
    });
    await lifecycle.transition(videoId, {
      to: 'failed',
      by: adminActor(admin.id),
      notes: 'Not a class video.',
    });
    expect(await queued(admin.email, 'video-waiting')).toBe(0);
  });
});

const at = (iso: string) => new Date(iso);

describe('the schedule', () => {
  it('runs the tick hourly from the process that sends mail (a pg-boss cron)', async () => {
    const result = await database.db.execute(
      sql`select name, cron, timezone from ${sql.raw(QUEUE_SCHEMA)}.schedule`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toContainEqual({
      name: NOTIFICATIONS_TICK,
      cron: '5 * * * *',
      timezone: 'UTC',
    });
  });
});

describe('Student Activity Alerts: a digest on active days, once a day', () => {
  it("sends yesterday's figures from 08:00 in the owner's time zone, once", async () => {
    const owner = await account({ timeZone: 'America/New_York', notifyWeeklyReports: false });
    const evening = await seedVideo(database.db, owner.id, { title: 'Evening Spin' });
    const morning = await seedVideo(database.db, owner.id, { title: 'Morning Spin' });
    const session = (videoId: string, startedAt: string, viewerId: string, counted = true) => ({
      videoId,
      ownerId: owner.id,
      viewerId,
      startedAt: Date.parse(startedAt),
      watchedSeconds: 300,
      counted,
    });
    await seedPlayback(database.db, [
      // Tuesday 18 November 2025 in New York (UTC-5): 21:00 and 09:00 local, and 22:00 again.
      session(evening, '2025-11-19T02:00:00Z', 'rider-x'),
      session(evening, '2025-11-19T03:00:00Z', 'rider-y'),
      session(morning, '2025-11-18T14:00:00Z', 'rider-y'),
      session(morning, '2025-11-18T15:00:00Z', 'rider-z', false),
      // Wednesday 19th, 01:00 local: the next day's.
      session(evening, '2025-11-19T06:00:00Z', 'rider-x'),
    ]);
    const digests = () => queued(owner.email, 'activity-digest');

    // 07:30 on Wednesday in New York: not yet.
    await services.notifications.runDue(at('2025-11-19T12:30:00Z'));
    expect(await digests()).toBe(0);
    // 08:10: Tuesday's digest.
    await services.notifications.runDue(at('2025-11-19T13:10:00Z'));
    expect(await digests()).toBe(1);
    const mail = await smtp.waitFor(mailTo(owner.email, /class views/));
    expect(mail.subject).toBe('3 class views on 18 November 2025');
    expect(mail.text).toContain(
      'Your riders played 3 classes on Tuesday, 18 November 2025, from 2 devices.',
    );
    expect(mail.text).toContain('Most played: “Evening Spin” (2 views).');
    expect(unsubscribeLinkOf(mail)).toContain(`${owner.id}.activity.`);
    // Later ticks the same day send nothing more.
    await services.notifications.runDue(at('2025-11-19T14:10:00Z'));
    await services.notifications.runDue(at('2025-11-20T04:50:00Z'));
    expect(await digests()).toBe(1);
    // Thursday morning: Wednesday had one view.
    await services.notifications.runDue(at('2025-11-20T13:05:00Z'));
    expect(await digests()).toBe(2);
    // Friday and Saturday mornings: Thursday and Friday had no rider activity, no digest.
    await services.notifications.runDue(at('2025-11-21T13:05:00Z'));
    await services.notifications.runDue(at('2025-11-22T13:05:00Z'));
    expect(await digests()).toBe(2);
  });

  it('sends none while the switch is off', async () => {
    const owner = await account({ notifyStudentActivity: false, notifyWeeklyReports: false });
    const videoId = await seedVideo(database.db, owner.id);
    await seedPlayback(database.db, [
      {
        videoId,
        ownerId: owner.id,
        viewerId: 'rider',
        startedAt: Date.parse('2025-11-18T12:00:00Z'),
        watchedSeconds: 300,
        counted: true,
      },
    ]);
    await services.notifications.runDue(at('2025-11-19T09:00:00Z'));
    expect(await queued(owner.email)).toBe(0);
  });
});

describe('Weekly Reports: Monday morning in the owner’s time zone', () => {
  it("sends last week's figures against the week before, with the chart attached", async () => {
    const owner = await account({ timeZone: 'Asia/Tokyo', notifyStudentActivity: false });
    const sunrise = await seedVideo(database.db, owner.id, { title: 'Tokyo Sunrise' });
    const late = await seedVideo(database.db, owner.id, { title: 'Late Ride' });
    const session = (videoId: string, startedAt: string, viewerId: string, counted = true) => ({
      videoId,
      ownerId: owner.id,
      viewerId,
      startedAt: Date.parse(startedAt),
      watchedSeconds: 600,
      counted,
    });
    await seedPlayback(database.db, [
      // Last week in Tokyo (UTC+9): Monday 10 to Sunday 16 November 2025.
      session(sunrise, '2025-11-10T01:00:00Z', 'rider-a'), // Mon 10:00
      session(late, '2025-11-09T15:30:00Z', 'rider-c'), // Mon 00:30 (still Sunday in UTC)
      session(late, '2025-11-12T11:00:00Z', 'rider-a'), // Wed 20:00
      session(sunrise, '2025-11-16T14:30:00Z', 'rider-b'), // Sun 23:30
      session(sunrise, '2025-11-13T11:00:00Z', 'rider-d', false), // not a view
      // This week (Mon 17, 00:30): not last week's.
      session(sunrise, '2025-11-16T15:30:00Z', 'rider-e'),
      // The week before: one view.
      session(sunrise, '2025-11-05T03:00:00Z', 'rider-a'),
    ]);
    const reports = () => queued(owner.email, 'weekly-report');

    // Monday 07:59 in Tokyo (Sunday 22:59 UTC): not yet.
    await services.notifications.runDue(at('2025-11-16T22:59:00Z'));
    expect(await reports()).toBe(0);
    // Monday 08:00 in Tokyo.
    await services.notifications.runDue(at('2025-11-16T23:00:00Z'));
    expect(await reports()).toBe(1);

    const mail = await smtp.waitFor(mailTo(owner.email, /Your week on Cadence/));
    expect(mail.subject).toBe('Your week on Cadence: 10 November 2025');
    expect(mail.text).toContain('Views: 4 (+300%)');
    expect(mail.text).toContain('Active riders: 3 (+200%)');
    expect(mail.text).toContain('Views per day: Mon 2, Tue 0, Wed 1, Thu 0, Fri 0, Sat 0, Sun 1');
    expect(mail.text).toMatch(/1\. Tokyo Sunrise \(2 views\)\n2\. Late Ride \(2 views\)/);
    // The HTML shows the attached PNG (mailparser turns its cid: into a data URI).
    expect(mail.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Views per day: Mon 2,/);
    const chart = mail.attachments.find((a) => a.cid === WEEKLY_CHART_CID);
    expect(chart?.contentType).toBe('image/png');
    expect(chart!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(unsubscribeLinkOf(mail)).toContain(`${owner.id}.weekly.`);

    // Later on Monday, and on Tuesday: nothing more.
    await services.notifications.runDue(at('2025-11-17T02:00:00Z'));
    await services.notifications.runDue(at('2025-11-17T23:30:00Z'));
    expect(await reports()).toBe(1);
  });

  it('follows the zone: 08:00 Monday in Los Angeles is 16:00 UTC', async () => {
    const owner = await account({ timeZone: 'America/Los_Angeles', notifyStudentActivity: false });
    await services.notifications.runDue(at('2025-11-17T08:30:00Z')); // Monday 00:30 local
    await services.notifications.runDue(at('2025-11-17T15:59:00Z')); // 07:59
    expect(await queued(owner.email, 'weekly-report')).toBe(0);
    await services.notifications.runDue(at('2025-11-17T16:00:00Z')); // 08:00
    expect(await queued(owner.email, 'weekly-report')).toBe(1);
  });

  it('sends none while the switch is off', async () => {
    const owner = await account({ notifyWeeklyReports: false, notifyStudentActivity: false });
    await services.notifications.runDue(at('2025-11-17T09:00:00Z'));
    expect(await queued(owner.email)).toBe(0);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const tokens = unsubscribeTokens(SECRET);
  const url = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
  const post = (token: string) =>
    app.inject({
      method: 'POST',
      url: url(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const switches = async (id: string) => {
    const user = (await services.auth.findUser(id))!;
    return {
      notifyEmail: user.notifyEmail,
      notifyStudentActivity: user.notifyStudentActivity,
      notifyWeeklyReports: user.notifyWeeklyReports,
    };
  };
  const allOn = { notifyEmail: true, notifyStudentActivity: true, notifyWeeklyReports: true };

  it('GET shows a button and changes nothing; the POST turns that one switch off', async () => {
    const owner = await account();
    const token = tokens.issue({ userId: owner.id, setting: 'notifyWeeklyReports' });

    const page = await app.inject({ method: 'GET', url: url(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Turn off Weekly Reports?');
    expect(page.body).toContain(
      `<form action="${url(token).replace(/&/g, '&amp;')}" method="post">`,
    );
    expect(await switches(owner.id)).toEqual(allOn);

    const done = await post(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Weekly Reports is off');
    expect(await switches(owner.id)).toEqual({ ...allOn, notifyWeeklyReports: false });
    // Again: still off, same answer.
    expect((await post(token)).statusCode).toBe(200);
  });

  it('works from the link a real email carries, with an empty POST too', async () => {
    const owner = await account();
    const videoId = await seedVideo(database.db, owner.id, {
      title: 'Unsubscribe Me',
      processingStatus: 'processing',
    });
    await lifecycle.publishEnhanced(videoId, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });
    const mail = await smtp.waitFor(mailTo(owner.email, /Unsubscribe Me/));
    const link = new URL(unsubscribeLinkOf(mail));
    const res = await app.inject({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(await switches(owner.id)).toEqual({ ...allOn, notifyEmail: false });
  });

  it('answers a forged, altered or missing token with a 400 page, and changes nothing', async () => {
    const owner = await account();
    const other = await account();
    const genuine = tokens.issue({ userId: other.id, setting: 'notifyEmail' });
    const mac = genuine.split('.')[2]!;
    const forged = [
      // Another owner's signature on this owner's id.
      `${owner.id}.email.${mac}`,
      // The signature of another switch.
      `${other.id}.weekly.${mac}`,
      // Signed with another secret.
      unsubscribeTokens('x'.repeat(40)).issue({ userId: owner.id, setting: 'notifyEmail' }),
      `${owner.id}.email.`,
      `${owner.id}.nope.${mac}`,
      'not-a-token',
      `${genuine}.extra`,
    ];
    for (const token of forged) {
      const res = await post(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.body).toContain(INVALID_UNSUBSCRIBE_LINK.split('.')[0]);
      expect((await app.inject({ method: 'GET', url: url(token) })).statusCode).toBe(400);
    }
    const missing = await app.inject({ method: 'POST', url: '/api/email/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const long = await post('a'.repeat(5000));
    expect(long.statusCode).toBe(400);
    expect(await switches(owner.id)).toEqual(allOn);
    expect(await switches(other.id)).toEqual(allOn);
  });
});

describe('the time zone setting', () => {
  it('is saved with the switches, UTC until changed; an unknown zone is a 400', async () => {
    const email = uniqueEmail();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', firstName: 'Sam', lastName: 'Rider' },
    });
    expect(registered.json().user.timeZone).toBe('UTC');
    const cookie = sessionCookie(registered);
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/settings/notifications',
        headers: { cookie },
        payload,
      });
    const saved = await put({ timeZone: 'Europe/Berlin' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.timeZone).toBe('Europe/Berlin');
    for (const timeZone of ['Mars/Olympus_Mons', '../etc', '', 42]) {
      const res = await put({ timeZone });
      expect(res.statusCode, String(timeZone)).toBe(400);
    }
    const user = await services.auth.findUserByEmail(email);
    expect(user?.timeZone).toBe('Europe/Berlin');
  });
});
