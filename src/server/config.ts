import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOOPBACK_HOSTS } from './lib/app-hosts';
import { isCommonPassword } from '@shared/common-passwords';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

const portMessage = 'must be a whole number from 0 to 65535';
const memoryMessage = 'must be a whole number of megabytes from 0 to 65536';
const metricsPortMessage = 'must be a whole number from 1 to 65535, other than PORT';

/** The most names APP_HOSTS may list. */
export const APP_HOSTS_MAX = 20;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const appHostsMessage = `must be up to ${APP_HOSTS_MAX} comma-separated host names, like app.cadence.example`;

/** A host name (DNS labels), an IPv4 or an IPv6 address, lowercased without a trailing dot; else null. */
function hostName(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  if (isIP(host) !== 0) return host;
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}

const trustProxyMessage =
  'must be false, the number of proxies in front of the app (1 to 9), or their addresses ' +
  '(a comma list of IPs or CIDRs, e.g. 127.0.0.1,10.0.0.0/8)';
/** proxy-addr's names for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an address/prefix (CIDR) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may speak for the client in X-Forwarded-For/-Host/-Proto: nobody (false), the first
 * N hops, or proxies at these addresses. `true` (every client) is refused: it let any client pick
 * its own address and host.
 */
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  if (['false', '0', 'off'].includes(v)) return false;
  if (['true', 'on'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would trust every client; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^[1-9]$/.test(v)) return Number(v);
  const list = v.split(',').map((a) => a.trim());
  if (v.length <= 2000 && list.every(isProxyAddress)) return list;
  ctx.addIssue({ code: 'custom', message: trustProxyMessage });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: portMessage })
    .int(portMessage)
    .min(0, portMessage)
    .max(65535, portMessage)
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .refine(
      (v) => !isCommonPassword(v),
      'is one of the most common passwords; choose one that is harder to guess',
    )
    .optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ error: 'must be an http(s):// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTO_ENHANCE: flag.default(true),
  WORKER: flag.default(true),
  MEDIA_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 8' })
    .int('must be a whole number from 1 to 8')
    .min(1, 'must be a whole number from 1 to 8')
    .max(8, 'must be a whole number from 1 to 8')
    .default(1),
  MEDIA_MEMORY_MB: z.coerce
    .number({ error: memoryMessage })
    .int(memoryMessage)
    .min(0, memoryMessage)
    .max(65536, memoryMessage)
    .default(256),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  AUBIOTRACK_PATH: z.string().min(1).default('aubiotrack'),
  AUBIOONSET_PATH: z.string().min(1).default('aubioonset'),
  APP_HOSTS: z
    .string()
    .max(APP_HOSTS_MAX * 254, appHostsMessage)
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const hosts = names.map(hostName);
      if (names.length === 0 || names.length > APP_HOSTS_MAX || hosts.some((h) => h === null)) {
        ctx.addIssue({ code: 'custom', message: appHostsMessage });
        return z.NEVER;
      }
      return hosts as string[];
    })
    .optional(),
  PUBLIC_URL: z
    .string()
    .max(2048, 'must be the http(s):// address the app is reached at')
    .transform((value, ctx) => {
      const host = /^https?:\/\/([^/?#]+)/i.exec(value.trim())?.[1];
      // No user info, and a host name or address Cadence can compare requests with.
      const name =
        host && !host.includes('@')
          ? hostName(host.replace(/:\d{1,5}$/, '').replace(/^\[(.*)\]$/, '$1'))
          : null;
      if (!name) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be the http(s):// address the app is reached at',
        });
        return z.NEVER;
      }
      return { host: name, origin: new URL(value.trim()).origin };
    })
    .optional(),
  SMTP_URL: z
    .string()
    .max(2048)
    .refine((value) => {
      if (!/^smtps?:\/\//i.test(value)) return false;
      try {
        return new URL(value).hostname !== '';
      } catch {
        return false;
      }
    }, 'must be an smtp:// or smtps:// URL, like smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(
      /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address, like Cadence <no-reply@cadence.example>',
    )
    .default('Cadence <no-reply@localhost>'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key, like sk_test_...')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret, like whsec_...')
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  METRICS_PORT: z.coerce
    .number({ error: metricsPortMessage })
    .int(metricsPortMessage)
    .min(1, metricsPortMessage)
    .max(65535, metricsPortMessage)
    .optional(),
  METRICS_HOST: z
    .string()
    .transform((value, ctx) => {
      const host = hostName(value);
      if (!host) {
        ctx.addIssue({ code: 'custom', message: 'must be an IP address or a host name' });
        return z.NEVER;
      }
      return host;
    })
    .default('127.0.0.1'),
  WORKER_HEARTBEAT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 300' })
    .int('must be a whole number of seconds from 1 to 300')
    .min(1, 'must be a whole number of seconds from 1 to 300')
    .max(300, 'must be a whole number of seconds from 1 to 300')
    .default(10),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: flag.default(false),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** The reverse proxies whose X-Forwarded-* headers count (Fastify's trustProxy): see TRUST_PROXY. */
  trustProxy: TrustProxy;
  /** 'auto': Secure when the request arrived over https. */
  cookieSecure: 'auto' | boolean;
  admin: { email: string; password: string } | undefined;
  /** Where uploaded and produced files live: local disk under DATA_DIR, or an S3 bucket. */
  storage: StorageConfig;
  /** Signs the app's own expiring URLs; unset: generated once and kept in DATA_DIR. */
  signingSecret: string | undefined;
  /** The media pipeline (issue 5): queue, worker and ffmpeg settings. */
  media: MediaConfig;
  /** MEDIA_MEMORY_MB: how many bytes of public media files this process keeps in memory. */
  mediaMemoryBytes: number;
  /**
   * The app's own host names (APP_HOSTS, the host of PUBLIC_URL, and always the loopback names):
   * never a custom domain, nor anything under them.
   */
  appHosts: string[];
  /** False when neither APP_HOSTS nor PUBLIC_URL is set (only the loopback names are the app's). */
  appHostsConfigured: boolean;
  /** PUBLIC_URL's origin (https://app.example.com): where links in emails point. */
  publicOrigin: string | undefined;
  /** How email leaves: SMTP_URL, or (unset) .eml files in DATA_DIR/outbox. */
  mail: MailConfig;
  /** Stripe billing (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); unset: the manual adapter. */
  stripe: StripeConfig | undefined;
  /** The metrics listener, apart from the app's port (METRICS_PORT); unset: no listener. */
  metrics: { port: number; host: string } | undefined;
  /**
   * Outgoing webhooks (decision 0040): WEBHOOKS_ALLOW_PRIVATE_NETWORKS lets them reach private,
   * loopback and link-local addresses (development only; off, those are refused as SSRF).
   */
  webhooks: { allowPrivateNetworks: boolean };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: another address for Stripe's API (the tests' stand-in server); unset: Stripe's. */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

export interface MailConfig {
  /** smtp:// or smtps:// (with credentials when the provider wants them); unset: the outbox. */
  smtpUrl: string | undefined;
  /** The From header of every message (MAIL_FROM). */
  from: string;
}

/** false: no proxy; a number: that many hops in front; a list: proxies at these addresses/CIDRs. */
export type TrustProxy = false | number | string[];

export interface MediaConfig {
  /** Enhance every new video automatically (else it waits as 'uploaded' for an admin). */
  autoEnhance: boolean;
  /** Run the job worker inside this process (npm start); `npm run worker` always runs it. */
  worker: boolean;
  /** Heavy ffmpeg jobs (enhance, package) one worker runs at a time; ingest has its own slot. */
  concurrency: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** aubio's beat tracker and onset detector: the music's tempo at ingest (issue #20 part 3). */
  aubiotrackPath: string;
  aubioonsetPath: string;
  /** A running job reports every this many seconds; after 3 missed reports another worker takes it. */
  heartbeatSeconds: number;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
  }
}

/** The only reader of process.env: parses it, or throws with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blanksRemoved);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
  if (Boolean(blanksRemoved.ADMIN_EMAIL) !== Boolean(blanksRemoved.ADMIN_PASSWORD)) {
    problems.push('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (blanksRemoved.STORAGE === 's3' && !blanksRemoved.S3_BUCKET) {
    problems.push('S3_BUCKET: must be set when STORAGE is s3');
  }
  if (Boolean(blanksRemoved.S3_ACCESS_KEY_ID) !== Boolean(blanksRemoved.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (blanksRemoved.SMTP_URL && !blanksRemoved.MAIL_FROM) {
    problems.push('MAIL_FROM: must be set when SMTP_URL is set');
  }
  if (Boolean(blanksRemoved.STRIPE_SECRET_KEY) !== Boolean(blanksRemoved.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (parsed.success && parsed.data.METRICS_PORT === parsed.data.PORT) {
    problems.push(`METRICS_PORT: ${metricsPortMessage}`);
  }
  if (blanksRemoved.METRICS_HOST && !blanksRemoved.METRICS_PORT) {
    problems.push('METRICS_PORT: must be set when METRICS_HOST is set');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    signingSecret: e.SIGNING_SECRET,
    media: {
      autoEnhance: e.AUTO_ENHANCE,
      worker: e.WORKER,
      concurrency: e.MEDIA_CONCURRENCY,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      aubiotrackPath: e.AUBIOTRACK_PATH,
      aubioonsetPath: e.AUBIOONSET_PATH,
      heartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS,
    },
    mediaMemoryBytes: e.MEDIA_MEMORY_MB * 1024 * 1024,
    appHosts: [
      ...new Set([
        ...(e.APP_HOSTS ?? []),
        ...(e.PUBLIC_URL ? [e.PUBLIC_URL.host] : []),
        ...LOOPBACK_HOSTS,
      ]),
    ],
    appHostsConfigured: Boolean(e.APP_HOSTS ?? e.PUBLIC_URL),
    publicOrigin: e.PUBLIC_URL?.origin,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? apiBase(e.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    webhooks: { allowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS },
  };
}

function apiBase(value: string): NonNullable<StripeConfig['apiBase']> {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** For the processes' entry points: the config, or one line per bad variable and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(`config: ${line}`);
      process.exit(1);
    }
    throw error;
  }
}
