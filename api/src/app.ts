/**
 * Builds the Fastify app: the composition root, the one place that wires the
 * feature modules (modules/*) to each other and to the infrastructure.
 * server.ts only listens and shuts down; tests call buildApp with their own
 * database and use app.inject() or a real port.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createContext, type AppContext, type Clock } from './context';
import { registerErrorHandling } from './errors';
import { openDatabase, type DatabaseHandle } from './infrastructure/database/client';
import { registerAccessControl } from './infrastructure/http/access';
import { registerApiHeaders } from './infrastructure/http/api-headers';
import { docsRoutes } from './infrastructure/http/docs';
import { registerFrontDoorLimit } from './infrastructure/http/front-door-limit';
import { healthRoutes, type Lifecycle } from './infrastructure/http/health';
import { httpServerOptions, registerBodyDeadline } from './infrastructure/http/timeouts';
import { logSerializers } from './infrastructure/log-safety';
import { devMailRoutes } from './infrastructure/mail/dev-mail-routes';
import { startMailWorker } from './infrastructure/mail/outbox';
import { createRateLimiter } from './infrastructure/rate-limit';
import { startSmsWorker } from './infrastructure/sms/outbox';
import { smsRoutes } from './infrastructure/sms/sms-routes';
import { applicationRoutes, fileRoutes, startOrphanFileSweep } from './modules/applications';
import { auditRoutes } from './modules/audit';
import { authRoutes, sessionChecker } from './modules/auth';
import { coursesRoutes, programsRoutes, universitiesRoutes } from './modules/catalogue';
import { contactRoutes } from './modules/contact';
import { dashboardRoutes } from './modules/dashboard';
import { bootstrapData } from './modules/demo';
import { draftRoutes, startStaleDraftSweep } from './modules/drafts';
import { feeWaiverRoutes } from './modules/fee-waivers';
import { intakesRoutes } from './modules/intakes';
import { notificationRoutes } from './modules/notifications';
import { offersRoutes, startOfferLapses } from './modules/offers';
import { paymentsRoutes, sandboxRoutes, startPaymentReconciliation } from './modules/payments';
import { startIntakeReminders } from './modules/reminders';
import { subscribersRoutes } from './modules/subscribers';
import { uploadRoutes } from './modules/uploads';
import { accountRoutes, usersRoutes } from './modules/users';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /** The time intake rules are judged at; tests pass one they can move. Real time otherwise. */
  clock?: Clock;
  /**
   * What the app serves besides /api, registered after every API route: the
   * portal's pages and files (server/src/main.ts composes them). The API
   * itself serves nothing else.
   */
  plugins?: readonly AppPlugin[];
}

/** Routes added to the app besides /api; they run behind the same logging, headers and error handling. */
export type AppPlugin = (app: FastifyInstance) => Promise<void>;

export interface PortalApp {
  app: FastifyInstance;
  ctx: AppContext;
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

/** Never log credentials, tokens or reset links. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-lenco-signature"]'];

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildOptions): Promise<PortalApp> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config.database));
  // The limiter's warnings go to the app's log once there is one.
  let warn: (error: Error) => void = () => {};
  const limiter = createRateLimiter({ redisUrl: config.redisUrl, onError: (error) => warn(error) });
  const ctx = createContext(config, database, limiter, options.clock);
  try {
    await bootstrapData(ctx);
  } catch (error) {
    await limiter.close();
    throw error;
  }
  const lifecycle: Lifecycle = { shuttingDown: false };

  const loggerOptions: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: logSerializers,
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions,
    // A hop count as proxy-addr reads it: trust the nearest N proxies, no further.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Query strings such as ?reset=<token> must not reach the access log.
    disableRequestLogging: false,
    return503OnClosing: true,
    // Slow clients: see infrastructure/http/timeouts.ts. The request timeout bounds every request, uploads included.
    requestTimeout: config.timeouts.uploadMs,
    connectionTimeout: config.timeouts.idleMs,
    http: httpServerOptions(config.timeouts),
  });
  registerBodyDeadline(app, config.timeouts);
  warn = (error) => app.log.warn({ reason: error.message }, 'rate limiter: Redis unavailable, counting in memory');
  app.addHook('onClose', () => limiter.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccessControl(app, { tokens: ctx.tokens, checkSession: sessionChecker(ctx.db, ctx.database.kind) });
  await registerApiHeaders(app, { corsOrigins: config.corsOrigins });
  // Before every route: it limits the routes added after it.
  await registerFrontDoorLimit(app, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl });
  // OpenAPI first: it collects every route added after it.
  await docsRoutes(app, ctx);

  await healthRoutes(app, { ...ctx, lifecycle });
  await universitiesRoutes(app, ctx);
  await programsRoutes(app, ctx);
  await intakesRoutes(app, ctx);
  await coursesRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await authRoutes(app, ctx);
  await usersRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await subscribersRoutes(app, ctx);
  await contactRoutes(app, ctx);
  await auditRoutes(app, ctx);
  startMailWorker(app, ctx);
  await devMailRoutes(app, ctx);
  startSmsWorker(app, ctx);
  await smsRoutes(app, ctx);
  await notificationRoutes(app, ctx);
  await applicationRoutes(app, ctx);
  await fileRoutes(app, ctx);
  await draftRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await paymentsRoutes(app, ctx);
  await sandboxRoutes(app, ctx);
  await feeWaiverRoutes(app, ctx);
  await offersRoutes(app, ctx);
  startPaymentReconciliation(app, ctx);
  startOrphanFileSweep(app, ctx);
  startStaleDraftSweep(app, ctx);
  startIntakeReminders(app, ctx);
  startOfferLapses(app, ctx);
  for (const plugin of options.plugins ?? []) await plugin(app);

  await app.ready();
  return {
    app,
    ctx,
    lifecycle,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
