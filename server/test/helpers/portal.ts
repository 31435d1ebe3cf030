/**
 * The portal as the composition root builds it (src/main.ts): the API's app on
 * a real, empty embedded database in a temporary folder, with the web
 * platform beside it, configured from `env`. Tests talk to it with
 * app.inject().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type PortalApp } from 'api/app';
import { loadConfig, REPO_ROOT } from 'api/config';
import { loadWebConfig } from '../../src/web/config';
import { webPlatform } from '../../src/web/web-routes';

export type TestPortal = PortalApp;

export async function startPortal(env: Record<string, string> = {}, { web = true }: { web?: boolean } = {}): Promise<TestPortal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-server-test-'));
  const all = {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORTAL_DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  };
  try {
    const config = loadConfig(all);
    const plugins = web ? [webPlatform({ web: loadWebConfig(all, REPO_ROOT), paymentWidgetUrl: config.payments.widgetUrl })] : [];
    const portal = await buildApp({ config, plugins });
    return {
      ...portal,
      close: async () => {
        await portal.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
