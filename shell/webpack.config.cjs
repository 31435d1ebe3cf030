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

/**
 * The service worker (/sw.js, issue 19): src/service-worker/sw.ts built on
 * its own (a worker: no federation, no shared modules), after the shell, with
 * the shell's files it keeps at install written into self.__WB_MANIFEST by
 * workbox-build's getManifest (the page and its scripts and styles; never
 * source maps, precompressed copies or the server bundles; hashed names need
 * no revision, the page gets its content's).
 */
const SHELL_BUILD = 'shell';
const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST';

class ShellPrecacheManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(ShellPrecacheManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: ShellPrecacheManifestPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, async () => {
        const { getManifest } = require('workbox-build');
        const { manifestEntries, warnings } = await getManifest({
          globDirectory: path.join(__dirname, 'dist'),
          globPatterns: ['**/*.{js,css,html}'],
          globIgnores: ['server/**', 'sw.js', 'remoteEntry.js', '**/*.map', '**/*.LICENSE.txt'],
          dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
          maximumFileSizeToCacheInBytes: 1024 * 1024,
          modifyURLPrefix: { '': '/' },
        });
        for (const warning of warnings) compilation.warnings.push(new Error(warning));
        const source = compilation.getAsset('sw.js').source;
        const text = source.source().toString();
        const replaced = new sources.ReplaceSource(source);
        let found = 0;
        for (let at = text.indexOf(MANIFEST_PLACEHOLDER); at >= 0; at = text.indexOf(MANIFEST_PLACEHOLDER, at + 1), found += 1) {
          replaced.replace(at, at + MANIFEST_PLACEHOLDER.length - 1, JSON.stringify(manifestEntries));
        }
        if (found === 0) throw new Error(`sw.js must read ${MANIFEST_PLACEHOLDER}`);
        compilation.updateAsset('sw.js', replaced);
      });
    });
  }
}

const serviceWorkerBuild = (argv) => ({
  name: 'service-worker',
  dependencies: [SHELL_BUILD],
  mode: argv.mode === 'development' ? 'development' : 'production',
  context: __dirname,
  target: 'webworker',
  entry: { sw: './src/service-worker/sw.ts' },
  devtool: false,
  output: { path: path.join(__dirname, 'dist'), filename: '[name].js', clean: false },
  resolve: { extensions: ['.ts', '.mjs', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(__dirname, 'src/service-worker/tsconfig.json') } },
      },
    ],
  },
  plugins: [new ShellPrecacheManifestPlugin()],
  performance: { hints: false },
});

module.exports = (env = {}, argv = {}) => {
  const builds = [
    createBuilds(
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
    )(env, argv),
  ].flat();
  builds[0].name = SHELL_BUILD;
  // The development server serves no worker: pages there always come from the network.
  return argv.mode === 'development' ? builds[0] : [...builds, serviceWorkerBuild(argv)];
};
