import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../composition';
import { QUEUE_SCHEMA } from '../jobs/queue-upgrade';
import { freshDatabase } from '../test/harness';
import { freePort, startSmtpServer } from '../test/smtp-server';
import { createMailQueue } from './mail-queue';
import { createMailer } from './mailer';
import { renderMail } from './render';
import { PASSWORD_RESET_SUBJECT } from './templates/password-reset';

/** A logger whose lines are kept, parsed. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level: 'info', stream }), lines };
}

const LINK = 'https://app.cadence.example/reset-password?token=' + 'x'.repeat(43);

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-mail-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('renderMail', () => {
  it.each([
    { template: 'password-reset' as const, to: 'a@b.example', link: LINK },
    { template: 'password-changed' as const, to: 'a@b.example' },
    { template: 'verify-email' as const, to: 'a@b.example', link: LINK },
    { template: 'email-change-confirm' as const, to: 'a@b.example', link: LINK },
    { template: 'email-change-notice' as const, to: 'a@b.example', newEmail: 'c@d.example' },
  ])('renders $template with an HTML and a text part naming Cadence', (payload) => {
    const message = renderMail(payload);
    expect(message.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(message.html).toContain('Cadence');
    expect(message.text).toContain('Cadence');
    expect(message.subject).toContain('Cadence');
    expect(message.text).not.toContain('<');
  });
});

describe('the outbox (SMTP_URL unset)', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and logs its subject and link', async () => {
    const { log, lines } = capturedLog();
    const mailer = createMailer({
      mail: { smtpUrl: undefined, from: 'Cadence <no-reply@localhost>' },
      dataDir,
      log,
    });
    await mailer.send(
      renderMail({ template: 'password-reset', to: 'rider@example.com', link: LINK }),
    );
    mailer.close();

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(path.join(dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail.from?.value).toEqual([{ name: 'Cadence', address: 'no-reply@localhost' }]);
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(lines).toContainEqual(
      expect.objectContaining({ subject: PASSWORD_RESET_SUBJECT, link: LINK }),
    );
  });
});

/** The templates of the jobs the `mail` queue holds. */
async function mailJobs(database: Awaited<ReturnType<typeof freshDatabase>>): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = 'mail'`,
  )) as unknown as { rows: Array<{ data: { template: string } }> };
  return result.rows.map((row) => row.data.template);
}

describe('the mail queue', () => {
  it('keeps a message while the SMTP server is down and delivers it once it is up', async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const { log, lines } = capturedLog();
    const queue = createMailQueue({
      database,
      mailer: createMailer({
        mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Cadence <no-reply@cadence.test>' },
        dataDir,
        log,
      }),
      log,
      settings: { retryDelay: 1, retryDelayMax: 2, pollingIntervalSeconds: 0.5 },
    });
    try {
      await queue.startWorker();
      await queue.enqueue({ template: 'password-reset', to: 'late@example.com', link: LINK });
      // The first attempt meets a closed port and is put back for a retry.
      await expect
        .poll(() => lines.some((l) => l.msg === 'email not sent, will retry'), { timeout: 20_000 })
        .toBe(true);

      const smtp = await startSmtpServer(port);
      try {
        const mail = await smtp.waitFor((m) => m.subject === PASSWORD_RESET_SUBJECT, 30_000);
        expect(mail.text).toContain(LINK);
        expect([mail.to].flat().map((a) => a?.text)).toEqual(['late@example.com']);
      } finally {
        await smtp.close();
      }
    } finally {
      await queue.stop();
      await database.dispose();
    }
  }, 60_000);

  it('deletes the job of a message with a live link once it is sent; other jobs are kept', async () => {
    const database = await freshDatabase();
    const { log, lines } = capturedLog();
    const smtp = await startSmtpServer();
    const queue = createMailQueue({
      database,
      mailer: createMailer({
        mail: { smtpUrl: smtp.url, from: 'Cadence <no-reply@cadence.test>' },
        dataDir,
        log,
      }),
      log,
      settings: { retryDelay: 1, retryDelayMax: 2, pollingIntervalSeconds: 0.5 },
    });
    try {
      await queue.startWorker();
      await queue.enqueue({ template: 'verify-email', to: 'new@example.com', link: LINK });
      await queue.enqueue({ template: 'password-changed', to: 'new@example.com' });
      await smtp.waitFor(() => smtp.messages.length >= 2, 30_000);
      await expect
        .poll(() => lines.filter((l) => l.msg === 'email sent').length, { timeout: 20_000 })
        .toBe(2);
      await expect
        .poll(() => mailJobs(database), { timeout: 10_000 })
        .toEqual(['password-changed']);
      expect(lines.filter((l) => l.msg === 'mail queue error')).toEqual([]);
    } finally {
      await queue.stop();
      await smtp.close();
      await database.dispose();
    }
  }, 60_000);

  it('deletes the job of a message with a live link once it is given up', async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const { log, lines } = capturedLog();
    const queue = createMailQueue({
      database,
      mailer: createMailer({
        mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Cadence <no-reply@cadence.test>' },
        dataDir,
        log,
      }),
      log,
      settings: { retryLimit: 0, pollingIntervalSeconds: 0.5 },
    });
    try {
      await queue.startWorker();
      await queue.enqueue({ template: 'password-reset', to: 'gone@example.com', link: LINK });
      await expect
        .poll(() => lines.some((l) => l.msg === 'email given up after its last attempt'), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect.poll(() => mailJobs(database), { timeout: 10_000 }).toEqual([]);
    } finally {
      await queue.stop();
      await database.dispose();
    }
  }, 60_000);
});
