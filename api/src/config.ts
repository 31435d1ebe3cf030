/**
 * Configuration from the environment, validated once at start. A bad value
 * stops the server with a message naming the variable; nothing reads
 * process.env anywhere else.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root: the nearest folder above this file holding lerna.json
 * (the same from src/ under tsx and from the dist/ bundle), or PORTAL_ROOT.
 */
function findRepoRoot(): string {
  if (process.env.PORTAL_ROOT) return path.resolve(process.env.PORTAL_ROOT);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'lerna.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
export const REPO_ROOT = findRepoRoot();
export const API_ROOT = path.join(REPO_ROOT, 'api');

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Which proxies' X-Forwarded-For to believe: none ('false', the default), the
 * nearest N hops (a number: 1 behind the shipped nginx), or the proxies at
 * these addresses or CIDRs. 'true' (every hop) is refused: the server would
 * take the first address of the header, which the client writes itself.
 */
const TrustProxy = z.string().transform((value, context): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid =
    entries.length > 0 &&
    entries.every((entry) => {
      const [address, bits, ...rest] = entry.split('/');
      return rest.length === 0 && isIP(address!) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
    });
  if (!valid) {
    context.addIssue({
      code: 'custom',
      message: "must be the number of proxies in front of the server (1 behind the shipped nginx) or their addresses/CIDRs, comma-separated ('true' would let clients forge their address)",
    });
    return z.NEVER;
  }
  return entries;
});

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  PORTAL_DATA_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: TrustProxy.default(false),
  CORS_ORIGINS: z.string().default(''),
  /** How long a stopping server keeps listening with /api/ready at 503, so load balancers stop sending before it closes. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** After the grace period, how long in-flight requests may take before the process exits anyway. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Whole application upload (headers to last byte); by default from UPLOAD_MAX_REQUEST_BYTES at 3G speed, see timeouts.ts. */
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(7200).optional(),
  /** Any other request's body. */
  BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Request line and headers; they arrive in one or two packets even on 3G. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  /** A connection on which nothing arrives for this long is closed. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),

  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    // A placeholder copied from a template (deploy/k8s/api.yaml's Secret) or a
    // repeated character signs tokens anyone can forge: refuse to start.
    .refine((value) => !/change.?me|placeholder/i.test(value) && new Set(value).size >= 12, 'looks like a placeholder; generate one with: openssl rand -base64 48')
    .optional(),
  JWT_EXPIRES_IN_SECONDS: int(24 * 60 * 60),
  JWT_ISSUER: z.string().default('uniportal'),
  JWT_AUDIENCE: z.string().default('uniportal-web'),

  PORTAL_SUPERUSER_EMAIL: z.string().email().optional(),
  PORTAL_SUPERUSER_PASSWORD: z.string().min(8).optional(),
  /** Off in production unless set to true; elsewhere on for the embedded database. */
  PORTAL_DEMO_DATA: bool.optional(),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('UniPortal <no-reply@uniportal.local>'),
  /** Where the About page's contact messages go: the portal's team. */
  CONTACT_TO: z.string().email().default('team@uniportal.local'),
  REDIS_URL: z.string().optional(),
  /** Requests per minute one address may make to /api (all routes together). */
  RATE_LIMIT_PER_MINUTE: int(600),

  UPLOAD_MAX_FILE_BYTES: int(5 * 1024 * 1024),
  UPLOAD_MAX_REQUEST_BYTES: int(25 * 1024 * 1024),
  ORPHAN_FILE_SWEEP_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  FILES_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),

  LENCO_PUBLIC_KEY: z.string().optional(),
  LENCO_SECRET_KEY: z.string().optional(),
  /** The offline sandbox (no real money; any tester marks a fee paid): off in production unless set to true. */
  LENCO_SANDBOX: bool.optional(),
  LENCO_API_BASE: z.string().url().default('https://api.lenco.co'),
  LENCO_WIDGET_URL: z.string().url().default('https://pay.lenco.co/js/v1/inline.js'),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: int(60),
  /** How often the intake reminder job looks for reminders due (72 and 24 hours before an intake closes). */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** How often the offer job lapses offers whose reply deadline has passed (issue 17). */
  OFFER_LAPSE_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  /** Currencies the payment provider takes (comma-separated); default ZMW for Lenco, ZMW and USD for the offline sandbox. */
  LENCO_CURRENCIES: z
    .string()
    .regex(/^\s*[A-Za-z]{3}(\s*,\s*[A-Za-z]{3})*\s*$/, 'must be currency codes separated by commas, for example ZMW,USD')
    .optional(),

  /** SMS through Africa's Talking (issue 18): account username, API key and the registered sender ID (alphanumeric or short code). */
  AFRICASTALKING_USERNAME: z.string().optional(),
  AFRICASTALKING_API_KEY: z.string().optional(),
  AFRICASTALKING_SENDER_ID: z.string().max(11, 'must be at most 11 characters').optional(),
  /** Their live host; https://api.sandbox.africastalking.com for their own (online) sandbox. */
  AFRICASTALKING_API_BASE: z.string().url().default('https://api.africastalking.com'),
  /** The offline SMS sandbox (messages shown at /sandbox/sms, never sent): off in production unless set to true. */
  SMS_SANDBOX: bool.optional(),
  /** The shared secret the provider's delivery reports carry (?key= in the callback URL, or the x-sms-report-key header); none: the route answers 404. */
  SMS_DELIVERY_REPORT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The most SMS one instance hands to the provider per minute (the outbox drains at this rate). */
  SMS_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(120),

  /** Hosts a university's picture may come from (comma-separated, https only); none by default. */
  UNIVERSITY_IMAGE_HOSTS: z.string().default(''),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * How long a whole application upload may take. The case to serve is an
 * applicant on a phone over 3G sending four 5 MB documents: about 20.1 MB
 * with the form, i.e. 168 Mbit. A 3G uplink gives 384 kbit/s at best and
 * about 200 kbit/s (25 kB/s) with a weak signal; 20.1 MB at 25 kB/s is
 * 804 s, 13.4 min. The deadline is the largest request allowed
 * (UPLOAD_MAX_REQUEST_BYTES, 25 MB by default) at 25 kB/s, plus a minute:
 * 25 MiB / 25 kB/s = 1049 s, + 60 s = 1109 s, 18.5 min.
 */
export const WEAK_3G_BYTES_PER_SECOND = 25_000;
export function uploadSecondsAt3g(maxRequestBytes: number): number {
  return Math.ceil(maxRequestBytes / WEAK_3G_BYTES_PER_SECOND) + 60;
}

export class ConfigError extends Error {}

/** Reads the secret kept in the data folder, creating it on the first start of the embedded default. */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof z.input<typeof Env>, string>> = {}) {
  // An empty variable means "not set" (compose files and CI often export VAR=).
  const merged = Object.fromEntries(Object.entries({ ...env, ...overrides }).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = Env.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const dataDir = path.resolve(REPO_ROOT, e.PORTAL_DATA_DIR ?? 'data');
  if (!embedded && !e.JWT_SECRET && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required with DATABASE_URL in production');
  }
  const production = e.NODE_ENV === 'production';
  const lencoConfigured = Boolean(e.LENCO_PUBLIC_KEY && e.LENCO_SECRET_KEY);
  const problems: string[] = [];
  if (Boolean(e.LENCO_PUBLIC_KEY) !== Boolean(e.LENCO_SECRET_KEY)) {
    problems.push('LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: set both or neither');
  }
  if (e.LENCO_SANDBOX === true && (e.LENCO_PUBLIC_KEY || e.LENCO_SECRET_KEY)) {
    problems.push('LENCO_SANDBOX: cannot be true while Lenco keys are set (choose the sandbox or the real provider)');
  }
  // The sandbox lets any applicant mark a fee paid, so production takes it only when asked by name.
  const sandbox = !lencoConfigured && (e.LENCO_SANDBOX ?? !production);
  if (!lencoConfigured && !sandbox && problems.length === 0) {
    problems.push(
      production
        ? 'LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: are required in production, so that fees are taken by a real payment provider (for a test deployment where no real money moves, set LENCO_SANDBOX=true)'
        : 'LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: are required when LENCO_SANDBOX is false (no payment provider otherwise)',
    );
  }
  const smsConfigured = Boolean(e.AFRICASTALKING_API_KEY);
  if (smsConfigured && !e.AFRICASTALKING_USERNAME) problems.push('AFRICASTALKING_USERNAME: is required with AFRICASTALKING_API_KEY');
  if (e.SMS_SANDBOX === true && smsConfigured) problems.push('SMS_SANDBOX: cannot be true while AFRICASTALKING_API_KEY is set (choose the sandbox or the real provider)');
  // The sandbox shows every text (reset codes too) on a page, so production takes it only when asked by name; without either, no SMS goes.
  const smsSandbox = !smsConfigured && (e.SMS_SANDBOX ?? !production);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    timeouts: {
      uploadMs: (e.UPLOAD_TIMEOUT_SECONDS ?? uploadSecondsAt3g(e.UPLOAD_MAX_REQUEST_BYTES)) * 1000,
      bodyMs: e.BODY_TIMEOUT_SECONDS * 1000,
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
    },
    publicUrl,
    database: embedded ? ({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const) : ({ kind: 'postgres', url: e.DATABASE_URL! } as const),
    dataDir,
    jwt: {
      secret: e.JWT_SECRET ?? embeddedJwtSecret(dataDir),
      expiresInSeconds: e.JWT_EXPIRES_IN_SECONDS,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
    },
    superuser: e.PORTAL_SUPERUSER_EMAIL && e.PORTAL_SUPERUSER_PASSWORD ? { email: e.PORTAL_SUPERUSER_EMAIL.toLowerCase(), password: e.PORTAL_SUPERUSER_PASSWORD } : null,
    // Demo accounts have published passwords: production loads them only when asked by name.
    demoData: e.PORTAL_DEMO_DATA ?? (embedded && !production),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, contactTo: e.CONTACT_TO },
    redisUrl: e.REDIS_URL ?? null,
    universityImageHosts: e.UNIVERSITY_IMAGE_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    reminders: { intervalMs: e.REMINDER_INTERVAL_SECONDS * 1000 },
    offers: { lapseIntervalMs: e.OFFER_LAPSE_INTERVAL_SECONDS * 1000 },
    uploads: {
      maxFileBytes: e.UPLOAD_MAX_FILE_BYTES,
      maxRequestBytes: e.UPLOAD_MAX_REQUEST_BYTES,
      orphanSweepHours: e.ORPHAN_FILE_SWEEP_HOURS,
      /** Resumable uploads (tus) in progress on the local store; with S3 they wait in the bucket instead. */
      resumableDir: path.join(dataDir, 'resumable-uploads'),
    },
    storage:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? ({
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            sessionToken: e.S3_SESSION_TOKEN,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            // Uploads wait here until their length is known; this instance's own folder, so its sweep touches nothing else.
            stagingDir: path.join(dataDir, 'upload-staging'),
          } as const)
        : ({ kind: 'local', dir: path.resolve(REPO_ROOT, e.FILES_DIR ?? path.join(dataDir, 'files')) } as const),
    sms: {
      /** 'provider': Africa's Talking; 'sandbox': the offline sandbox on this server; 'off': no SMS is queued. */
      mode: smsConfigured ? ('provider' as const) : smsSandbox ? ('sandbox' as const) : ('off' as const),
      username: e.AFRICASTALKING_USERNAME ?? 'sandbox',
      apiKey: e.AFRICASTALKING_API_KEY ?? 'at-sandbox-offline-key',
      senderId: e.AFRICASTALKING_SENDER_ID ?? null,
      // The offline sandbox answers at a local path of this same server.
      apiBase: smsConfigured ? e.AFRICASTALKING_API_BASE.replace(/\/$/, '') : `${publicUrl}/sandbox/africastalking`,
      deliveryReportSecret: e.SMS_DELIVERY_REPORT_SECRET ?? null,
      maxPerMinute: e.SMS_MAX_PER_MINUTE,
    },
    payments: {
      sandbox,
      publicKey: e.LENCO_PUBLIC_KEY ?? 'pub-sandbox-offline',
      secretKey: e.LENCO_SECRET_KEY ?? 'sk-sandbox-offline-secret',
      // The offline sandbox answers at local paths of this same server.
      apiBase: lencoConfigured ? e.LENCO_API_BASE.replace(/\/$/, '') : `${publicUrl}/sandbox/lenco`,
      widgetUrl: lencoConfigured ? e.LENCO_WIDGET_URL : '/sandbox/lenco/js/v1/inline.js',
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS,
      /** What the provider is asked to collect in; a fee in another currency is refused before anything is charged. */
      currencies: e.LENCO_CURRENCIES ? e.LENCO_CURRENCIES.split(',').map((c) => c.trim().toUpperCase()) : sandbox ? ['ZMW', 'USD'] : ['ZMW'],
    },
  };
}
