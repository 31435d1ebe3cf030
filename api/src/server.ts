/** Starts the portal: listens on PORT and shuts down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const portal = await buildApp({ config });
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
      await portal.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
