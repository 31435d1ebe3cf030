/**
 * Builds the webpack configuration of the shell (the host) or of a remote.
 * Every package calls this with its own name, entry and port; nothing else
 * differs between them, which keeps the four builds in step.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./shared-dependencies.cjs');
const { muiStylesFromShell } = require('./mui-styles-shims.cjs');
const { PageManifestPlugin } = require('./page-manifest.cjs');
const { PageScriptsPlugin } = require('./page-scripts.cjs');

/**
 * @param {object} options
 * @param {string} options.dir            the package folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name           the federation name, for example 'mfe_public'
 * @param {number} options.port           the dev-server port when the package runs alone
 * @param {Record<string,string>} [options.exposes]  a remote's exposed modules ({'./App': './src/App.tsx'})
 * @param {string[]} [options.runtimePlugins]        the host's runtime plugins
 * @param {string} [options.title]        the page title of the standalone page
 * @param {string} [options.pages]        a remote's page manifest module ('./src/pages.ts'), emitted as pages.json
 * @param {string} [options.outDir]       where the browser build goes (dist by default)
 * @param {object} [options.pageDocument] what the page template inlines (the shell: page-platform's pre-start script and style)
 * @param {object[]} [options.plugins]    more webpack plugins of the browser build
 */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * react-router's package exports name only its development build, which
 * carries warnings and checks a user's browser should not download or run;
 * production builds take the production build beside it.
 */
function productionAliases() {
  const router = path.dirname(require.resolve('react-router/package.json', { paths: [__dirname] }));
  return {
    'react-router$': path.join(router, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(router, 'dist', 'production', 'dom-export.mjs'),
  };
}
/** The server bundles live in dist/server; the browser build must not clean them away. */
const SERVER_DIR = 'server';

function createConfig(options) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProduction = mode === 'production';
    const isHost = !options.exposes;
    return {
      mode,
      context: options.dir,
      entry: { main: './src/index.ts' },
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: options.outDir ?? path.join(options.dir, 'dist'),
        // Remote assets resolve against the remoteEntry's own URL, so a remote
        // can be served from any path or origin the runtime manifest names.
        publicPath: isHost ? '/' : 'auto',
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: options.name,
        clean: { keep: (asset) => asset === SERVER_DIR || asset.startsWith(`${SERVER_DIR}/`) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: isProduction ? productionAliases() : {} },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(options.dir, 'tsconfig.json') } },
          },
          { test: /\.css$/i, type: 'asset/resource' },
          { test: /\.(png|jpe?g|webp|svg|gif)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: options.name,
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          remotes: {},
          shared: sharedDependencies(options.dir, { host: isHost }),
          // Remotes are registered at runtime, often before the shell's own
          // shared modules are negotiated (the shell warms up the page's remote
          // early). 'version-first' would then download every registered
          // remote's entry to compare versions; 'loaded-first' reuses what is
          // loaded and fetches only the remote the page shows.
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins,
          manifest: true,
          dts: false,
          experiments: {
            // We load remoteEntry.js by URL from /remotes.json, never through
            // manifest snapshots, and only in browsers: leave that code out.
            // A remote never loads other remotes (only the shell does), so its
            // remoteEntry.js leaves out the remote-loading half of the runtime.
            optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
            // A remote built for production carries no federation runtime of its
            // own: it runs on the shell's (shell/src/features/remotes/
            // share-runtime-plugin.ts), one copy per page instead of one per
            // remote. Its development server, which has no shell, keeps one.
            ...(isHost || !isProduction ? {} : { externalRuntime: true }),
          },
        }),
        ...(isHost ? [] : [muiStylesFromShell()]),
        ...(options.pages ? [new PageManifestPlugin(path.resolve(options.dir, options.pages))] : []),
        ...(isProduction ? [new PageScriptsPlugin()] : []),
        ...(options.plugins ?? []),
        new HtmlWebpackPlugin({
          template: path.join(options.dir, 'public', 'index.html'),
          title: options.title ?? 'UniPortal',
          // The template reads it as htmlWebpackPlugin.options.pageDocument.
          ...(options.pageDocument ? { pageDocument: options.pageDocument } : {}),
          scriptLoading: 'defer',
          // The shell's page adds its scripts itself, once it has painted (its
          // pre-start script, page-platform/src/before-start.ts); a remote's
          // standalone page gets them as usual.
          inject: !isHost,
          // Whitespace and comments only: the page's inline script must stay as
          // written, since the Content-Security-Policy allows it by its hash.
          minify: isProduction ? { collapseWhitespace: true, removeComments: true, minifyJS: false, minifyCSS: false } : false,
          // A remote's standalone page is for its own team, never for users.
          filename: 'index.html',
        }),
        // Precompressed siblings (.br, .gz) that the server sends as they are.
        ...(isProduction
          ? [
              new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9 }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: COMPRESSIBLE,
                threshold: 1024,
                minRatio: 0.9,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              }),
            ]
          : []),
      ],
      optimization: {
        // webpack's own HTML minifier would rewrite the page's inline script,
        // which the Content-Security-Policy allows by its hash; the HTML
        // plugin's whitespace-only pass above is enough for a 1 KB page.
        minimize: isProduction ? { html: false } : false,
        splitChunks: {
          // Each shared MUI subpath is its own chunk; without this, the MUI
          // internals they import relatively (ButtonBase, Typography, utils) are
          // copied into every one of them and a page downloads them many times.
          chunks: 'all',
          minSize: 2_000,
          maxAsyncRequests: 60,
          maxInitialRequests: 30,
          // The shell's start-up code in a few files rather than one or dozens:
          // a phone compiles each in a task of its own, none long enough to
          // freeze it, and each costs a request.
          cacheGroups: isHost
            ? {
                react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'initial', priority: 20, enforce: true },
                vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: 'initial', priority: 10, enforce: true },
              }
            : {},
        },
      },
      performance: { hints: false },
      devServer: {
        port: options.port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes.json', '/remotes', '/sandbox'], target: process.env.PORTAL_API_URL ?? 'http://localhost:8080' }],
      },
    };
  };
}

/**
 * Packages a server bundle takes from the renderer's node_modules rather than
 * carrying its own copy: the page renderer runs the shell's and a remote's
 * server bundles against one React, router, MUI and emotion, so they render
 * one tree with one theme and one style cache, as federation does in the
 * browser.
 */
const SERVER_SHARED = /^(react|react-dom|react-router|react-router-dom|@mui\/[^/]+|@emotion\/[^/]+)(\/.*)?$/;
/** The workspace singletons a remote's server bundle takes from the shell's server bundle. */
const SHELL_PROVIDED = /^shared-(auth|api)$/;

/**
 * The Node build of a package's server entry (dist/server/<name>.cjs), used by
 * the API to render guests' pages ahead of the browser. One file, not minified
 * (it never travels), always React's production mode.
 *
 * @param {object} options
 * @param {string} options.dir    the package folder
 * @param {string} options.entry  the server entry ('./src/server.ts')
 * @param {string} options.name   the bundle's file name without extension
 * @param {boolean} [options.sharedFromShell]  a remote: take shared-auth and shared-api from the shell's bundle
 * @param {Array<[RegExp, string]>} [options.replace]  modules swapped for server stand-ins
 */
function createServerConfig(options) {
  return () => ({
    name: 'server',
    mode: 'production',
    context: options.dir,
    target: 'node20',
    entry: { [options.name]: options.entry },
    devtool: false,
    output: {
      path: path.join(options.dir, 'dist', SERVER_DIR),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [({ request }, callback) => (SERVER_SHARED.test(request) || (options.sharedFromShell && SHELL_PROVIDED.test(request)) ? callback(null, `commonjs ${request}`) : callback())],
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(options.dir, 'tsconfig.json') } },
        },
        // The browser build emits these; the server only needs their names.
        { test: /\.css$/i, type: 'asset/resource', generator: { emit: false } },
        { test: /\.(png|jpe?g|webp|svg|gif)$/i, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      // The stand-in resolves its own imports from its own folder.
      ...(options.replace ?? []).map(
        ([pattern, file]) =>
          new webpack.NormalModuleReplacementPlugin(pattern, (data) => {
            const created = data.createData;
            if (!created?.resource) return;
            // The same module as a direct import of the stand-in, not a copy of it.
            const original = created.resource;
            for (const key of ['request', 'userRequest', 'rawRequest']) if (typeof created[key] === 'string') created[key] = created[key].replace(original, file);
            created.resource = file;
            created.context = path.dirname(file);
          }),
      ),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  });
}

/**
 * A package's webpack configuration: the browser build, and in production the
 * server build beside it when the package has a server entry.
 */
function createBuilds(browser, server) {
  return (env = {}, argv = {}) => {
    const builds = [createConfig(browser)(env, argv)];
    if (server && argv.mode !== 'development') builds.push(createServerConfig(server)(env, argv));
    return builds.length === 1 ? builds[0] : builds;
  };
}

module.exports = { createConfig, createServerConfig, createBuilds, productionAliases, SERVER_SHARED };
