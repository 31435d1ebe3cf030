/**
 * Runs a built app as a server: reads the configuration, listens on PORT and
 * shuts down gracefully on SIGTERM/SIGINT. server.ts runs the API alone; the
 * portal's composition root (server/src/main.ts) runs it with the web
 * platform's plugins, the same way.
 */
import { buildApp, type AppPlugin } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { safeError } from './infrastructure/log-safety';

export interface ServeOptions {
  /** What the app serves besides /api, built from the API's configuration (see BuildOptions.plugins). */
  plugins?: (config: Config) => AppPlugin[];
}

async function run(options: ServeOptions): Promise<void> {
  let config;
  let plugins: AppPlugin[];
  try {
    config = loadConfig();
    plugins = options.plugins?.(config) ?? [];
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const portal = await buildApp({ config, plugins });
  const { app, lifecycle } = portal;
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      // Still listening, /api/ready answers 503: the load balancer takes this instance out before it closes.
      if (config.shutdownGraceMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
      // In-flight requests get SHUTDOWN_DEADLINE_MS to finish; a slow client cannot keep the process alive past it.
      // Past it their connections are closed, so the database still closes cleanly; if even that hangs, exit anyway.
      const deadline = setTimeout(() => {
        app.log.warn({ deadlineMs: config.shutdownDeadlineMs }, 'shutdown deadline passed: closing the remaining connections');
        app.server.closeAllConnections();
        setTimeout(() => process.exit(1), 5000).unref();
      }, config.shutdownDeadlineMs);
      deadline.unref();
      await portal.close();
      clearTimeout(deadline);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Starts the server; a failure to start is printed without secrets and ends the process. */
export function serve(options: ServeOptions = {}): void {
  run(options).catch((error) => {
    console.error('Failed to start:', safeError(error).message);
    process.exit(1);
  });
}
