/**
 * Builds the Fastify app. server.ts only listens and shuts down; tests call
 * buildApp with their own database and use app.inject() or a real port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/client';
import { registerErrorHandling } from './errors';
import { registerAccessControl } from './plugins/access';
import { registerApiHeaders } from './plugins/api-headers';
import { healthRoutes, type Lifecycle } from './routes/health';
import { docsRoutes } from './routes/docs';
import { universitiesRoutes } from './routes/universities';
import { programsRoutes } from './routes/programs';
import { coursesRoutes } from './routes/courses';
import { dashboardRoutes } from './routes/dashboard';
import { authRoutes } from './routes/auth';
import { usersRoutes } from './routes/users';
import { subscribersRoutes } from './routes/subscribers';
import { auditRoutes } from './routes/audit';
import { bootstrapData } from './services/seed';
import { startMailWorker } from './services/mail';
import { logSerializers } from './lib/log-safety';
import { applicationRoutes } from './routes/applications';
import { fileRoutes } from './routes/files';
import { paymentsRoutes } from './routes/payments';
import { sandboxRoutes } from './routes/sandbox';
import { startOrphanFileSweep } from './services/orphan-files';
import { startPaymentReconciliation } from './services/payments/reconciliation';
import { webRoutes } from './plugins/web';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  logger?: boolean;
}

export interface PortalApp {
  app: FastifyInstance;
  ctx: AppContext;
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

/** Never log credentials, tokens or reset links. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-lenco-signature"]'];

export async function buildApp(options: BuildOptions): Promise<PortalApp> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config.database));
  const ctx = createContext(config, database);
  await bootstrapData(ctx);
  const lifecycle: Lifecycle = { shuttingDown: false };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, serializers: logSerializers },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Query strings such as ?reset=<token> must not reach the access log.
    disableRequestLogging: false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccessControl(app, { db: ctx.db, tokens: ctx.tokens });
  await registerApiHeaders(app, { corsOrigins: config.corsOrigins });
  // OpenAPI first: it collects every route added after it.
  await docsRoutes(app, ctx);

  await healthRoutes(app, { ...ctx, lifecycle });
  await universitiesRoutes(app, ctx);
  await programsRoutes(app, ctx);
  await coursesRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await authRoutes(app, ctx);
  await usersRoutes(app, ctx);
  await subscribersRoutes(app, ctx);
  await auditRoutes(app, ctx);
  startMailWorker(app, ctx);
  await applicationRoutes(app, ctx);
  await fileRoutes(app, ctx);
  await paymentsRoutes(app, ctx);
  await sandboxRoutes(app, ctx);
  startPaymentReconciliation(app, ctx);
  startOrphanFileSweep(app, ctx);
  if (config.web.serve || config.web.renderPages) await webRoutes(app, ctx);

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
