/**
 * The portal's composition root: one process, one port. The API (api's
 * buildApp: /api) with the web platform beside it (src/web: the shell, the
 * remotes, /remotes.json and guests' pages rendered on the server). `npm
 * start` runs it with everything; behind nginx each instance runs it with
 * PORTAL_SERVE_WEB=false and renders guests' pages only (deploy/). The API
 * alone is api/src/server.ts.
 */
import { REPO_ROOT } from 'api/config';
import { serve } from 'api/serve';
import { loadWebConfig, WebConfigError } from './web/config';
import { webPlatform } from './web/web-routes';

let web;
try {
  web = loadWebConfig(process.env, REPO_ROOT);
} catch (error) {
  if (!(error instanceof WebConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

serve({ plugins: (config) => [webPlatform({ web, paymentWidgetUrl: config.payments.widgetUrl })] });
