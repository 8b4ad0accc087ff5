import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSigningSecret, SECRET_FILE, UrlSigner } from './signing';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-secret-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('resolveSigningSecret', () => {
  it('uses SIGNING_SECRET when set', async () => {
    expect(await resolveSigningSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });

  it('otherwise generates one once, keeps it private in DATA_DIR and reads it back after a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const [a, b] = await Promise.all([
      resolveSigningSecret(undefined, dataDir),
      resolveSigningSecret(undefined, dataDir),
    ]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSigningSecret(undefined, dataDir)).toBe(a);
    expect((await readFile(path.join(dataDir, SECRET_FILE), 'utf8')).trim()).toBe(a);
    expect((await stat(path.join(dataDir, SECRET_FILE))).mode & 0o777).toBe(0o600);
  });
});

describe('UrlSigner', () => {
  let now = 1_700_000_000_000;
  const signer = new UrlSigner('s'.repeat(40), () => now);

  it('accepts its own signature until the expiry, then calls it expired', () => {
    const expires = signer.expiry(900);
    const sig = signer.sign('PUT', 'uploads/a/b', expires);
    expect(signer.check('PUT', 'uploads/a/b', String(expires), sig)).toBe('valid');
    now += 901_000;
    expect(signer.check('PUT', 'uploads/a/b', String(expires), sig)).toBe('expired');
    now -= 901_000;
  });

  it('refuses another method, key, expiry, extra, secret or a garbled signature', () => {
    const expires = signer.expiry(900);
    const sig = signer.sign('GET', 'k/1', expires, 'name.mp4');
    expect(signer.check('PUT', 'k/1', String(expires), sig, 'name.mp4')).toBe('invalid');
    expect(signer.check('GET', 'k/2', String(expires), sig, 'name.mp4')).toBe('invalid');
    expect(signer.check('GET', 'k/1', String(expires + 1), sig, 'name.mp4')).toBe('invalid');
    expect(signer.check('GET', 'k/1', String(expires), sig, 'other.mp4')).toBe('invalid');
    expect(
      new UrlSigner('t'.repeat(40), () => now).check(
        'GET',
        'k/1',
        String(expires),
        sig,
        'name.mp4',
      ),
    ).toBe('invalid');
    expect(signer.check('GET', 'k/1', String(expires), `${sig}x`, 'name.mp4')).toBe('invalid');
    expect(signer.check('GET', 'k/1', 'soon', sig, 'name.mp4')).toBe('invalid');
    expect(signer.check('GET', 'k/1', undefined, sig, 'name.mp4')).toBe('invalid');
  });
});
