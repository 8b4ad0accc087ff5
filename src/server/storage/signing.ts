import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE = 'signing-secret';

/**
 * The secret behind the app's signed URLs: SIGNING_SECRET when set, else one generated at the first
 * start and kept in DATA_DIR (mode 0600), so signed URLs stay valid across restarts.
 */
export async function resolveSigningSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return await readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': when two processes start at once, the second reads what the first wrote.
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecret(file);
}

async function readSecret(file: string): Promise<string> {
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** HMAC-SHA256 signatures over a method, an object key, an expiry and optional extras. */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /** Seconds since the epoch at which a URL signed now for `ttlSeconds` expires. */
  expiry(ttlSeconds: number): number {
    return Math.floor(this.now() / 1000) + ttlSeconds;
  }

  sign(method: string, key: string, expires: number, extra = ''): string {
    return createHmac('sha256', this.secret)
      .update(`${method.toUpperCase()}\n${key}\n${expires}\n${extra}`)
      .digest('base64url');
  }

  check(
    method: string,
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    extra = '',
  ): SignatureCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.sign(method, key, Number(expires), extra));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 < this.now() ? 'expired' : 'valid';
  }
}
