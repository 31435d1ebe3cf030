/**
 * The shell (the Module Federation host). Remote URLs are not listed here: the
 * shell reads them at runtime from /remotes.json. The runtime plugins lend the
 * shell's federation runtime to the remotes, turn a remote that cannot be
 * loaded into a fallback the error boundary shows, and report version skew.
 * Precompression (.br, .gz) comes with the shared build factory. The page's
 * pre-start script and style come from the page platform, built from
 * TypeScript; the CSP hash of the script is written beside the page
 * (page-csp.json) for the server.
 */
const path = require('node:path');
const { beforeStartScript, PageCspPlugin } = require('page-platform/build/before-start.cjs');
const { createBuilds } = require('portal-deploy/webpack/index.cjs');

module.exports = createBuilds(
  {
    dir: __dirname,
    name: 'shell',
    port: 3000,
    runtimePlugins: ['share-runtime-plugin.ts', 'remote-errors-plugin.ts', 'version-skew-plugin.ts'].map((file) => path.join(__dirname, 'src/features/remotes', file)),
    title: 'UniPortal',
    pageDocument: beforeStartScript(),
    plugins: [new PageCspPlugin()],
  },
  // The server renders guests' pages with this (see src/server/render-document.tsx).
  {
    dir: __dirname,
    entry: './src/server/render-document.tsx',
    name: 'render-document',
    replace: [[/features[\\/]remotes[\\/]registry(\.ts)?$/, path.join(__dirname, 'src/server/server-registry.ts')]],
  },
);
