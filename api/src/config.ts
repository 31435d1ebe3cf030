/**
 * Configuration from the environment, validated once at start. A bad value
 * stops the server with a message naming the variable; nothing reads
 * process.env anywhere else.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Where the shell loads a remote from: a path on this server or an absolute URL (remoteEntry.js or mf-manifest.json). */
const RemoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) URL or a path starting with /')
  .optional();

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  PORTAL_DATA_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  CORS_ORIGINS: z.string().default(''),
  /** How long a stopping server keeps listening with /api/ready at 503, so load balancers stop sending before it closes. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).optional(),

  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN_SECONDS: int(24 * 60 * 60),
  JWT_ISSUER: z.string().default('uniportal'),
  JWT_AUDIENCE: z.string().default('uniportal-web'),

  PORTAL_SUPERUSER_EMAIL: z.string().email().optional(),
  PORTAL_SUPERUSER_PASSWORD: z.string().min(8).optional(),
  PORTAL_DEMO_DATA: bool.optional(),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('UniPortal <no-reply@uniportal.local>'),
  REDIS_URL: z.string().optional(),

  UPLOAD_MAX_FILE_BYTES: int(5 * 1024 * 1024),
  UPLOAD_MAX_REQUEST_BYTES: int(25 * 1024 * 1024),
  ORPHAN_FILE_SWEEP_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  FILES_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),

  LENCO_PUBLIC_KEY: z.string().optional(),
  LENCO_SECRET_KEY: z.string().optional(),
  LENCO_API_BASE: z.string().url().default('https://api.lenco.co'),
  LENCO_WIDGET_URL: z.string().url().default('https://pay.lenco.co/js/v1/inline.js'),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: int(60),

  PORTAL_SERVE_WEB: bool.optional(),
  PORTAL_RENDER_PAGES: bool.optional(),
  PORTAL_WEB_ROOT: z.string().optional(),
  PORTAL_WEB_LAYOUT: z.enum(['workspace', 'deployed']).default('workspace'),
  PORTAL_REMOTE_MFE_PUBLIC_URL: RemoteUrl,
  PORTAL_REMOTE_MFE_APPLICANT_URL: RemoteUrl,
  PORTAL_REMOTE_MFE_STAFF_URL: RemoteUrl,
});

export type Config = ReturnType<typeof loadConfig>;

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
  const lencoConfigured = Boolean(e.LENCO_PUBLIC_KEY && e.LENCO_SECRET_KEY);
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
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
    demoData: e.PORTAL_DEMO_DATA ?? embedded,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    redisUrl: e.REDIS_URL ?? null,
    uploads: { maxFileBytes: e.UPLOAD_MAX_FILE_BYTES, maxRequestBytes: e.UPLOAD_MAX_REQUEST_BYTES, orphanSweepHours: e.ORPHAN_FILE_SWEEP_HOURS },
    storage:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? ({ kind: 's3', endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID ?? '', secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '', forcePathStyle: e.S3_FORCE_PATH_STYLE } as const)
        : ({ kind: 'local', dir: path.resolve(REPO_ROOT, e.FILES_DIR ?? path.join(dataDir, 'files')) } as const),
    payments: {
      sandbox: !lencoConfigured,
      publicKey: e.LENCO_PUBLIC_KEY ?? 'pub-sandbox-offline',
      secretKey: e.LENCO_SECRET_KEY ?? 'sk-sandbox-offline-secret',
      // The offline sandbox answers at local paths of this same server.
      apiBase: lencoConfigured ? e.LENCO_API_BASE.replace(/\/$/, '') : `${publicUrl}/sandbox/lenco`,
      widgetUrl: lencoConfigured ? e.LENCO_WIDGET_URL : '/sandbox/lenco/js/v1/inline.js',
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    },
    web: {
      serve: e.PORTAL_SERVE_WEB ?? true,
      /** Render guests' pages on the server (with the shell's and the remotes' server bundles). */
      renderPages: e.PORTAL_RENDER_PAGES ?? e.PORTAL_SERVE_WEB ?? true,
      root: path.resolve(REPO_ROOT, e.PORTAL_WEB_ROOT ?? '.'),
      /**
       * 'workspace': the repository (shell/dist and each remote's dist), as `npm start` serves it;
       * 'deployed': a web root written by deploy/tools/deploy-remote.mjs (index.html,
       * remotes/<package>/<version>/, config/remotes.json), as nginx serves it.
       */
      layout: e.PORTAL_WEB_LAYOUT,
      /** The runtime manifest (/remotes.json): package name → remote entry or manifest URL. */
      remotes: {
        'mfe-public': e.PORTAL_REMOTE_MFE_PUBLIC_URL ?? '/remotes/mfe-public/remoteEntry.js',
        'mfe-applicant': e.PORTAL_REMOTE_MFE_APPLICANT_URL ?? '/remotes/mfe-applicant/remoteEntry.js',
        'mfe-staff': e.PORTAL_REMOTE_MFE_STAFF_URL ?? '/remotes/mfe-staff/remoteEntry.js',
      },
    },
  };
}
