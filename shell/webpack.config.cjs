/**
 * The shell (the Module Federation host). Remote URLs are not listed here: the
 * shell reads them at runtime from /remotes.json. The runtime plugin turns a
 * remote that cannot be loaded into a fallback the error boundary shows.
 * Precompression (.br, .gz) comes with the shared build factory.
 */
const path = require('node:path');
const { createConfig } = require('portal-deploy/webpack/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-errors-plugin.ts')],
  title: 'UniPortal',
});
