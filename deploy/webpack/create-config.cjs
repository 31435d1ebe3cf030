/**
 * Builds the webpack configuration of the shell (the host) or of a remote.
 * Every package calls this with its own name, entry and port; nothing else
 * differs between them, which keeps the four builds in step.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./shared-dependencies.cjs');

/**
 * @param {object} options
 * @param {string} options.dir            the package folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name           the federation name, for example 'mfe_public'
 * @param {number} options.port           the dev-server port when the package runs alone
 * @param {Record<string,string>} [options.exposes]  a remote's exposed modules ({'./App': './src/App.tsx'})
 * @param {string[]} [options.runtimePlugins]        the host's runtime plugins
 * @param {string} [options.title]        the page title of the standalone page
 */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

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
        path: path.join(options.dir, 'dist'),
        // Remote assets resolve against the remoteEntry's own URL, so a remote
        // can be served from any path or origin the runtime manifest names.
        publicPath: isHost ? '/' : 'auto',
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: options.name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
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
          shared: sharedDependencies(options.dir),
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
          },
        }),
        new HtmlWebpackPlugin({
          template: path.join(options.dir, 'public', 'index.html'),
          title: options.title ?? 'UniPortal',
          scriptLoading: 'defer',
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
        splitChunks: {
          // Each shared MUI subpath is its own chunk; without this, the MUI
          // internals they import relatively (ButtonBase, Typography, utils) are
          // copied into every one of them and a page downloads them many times.
          chunks: 'all',
          minSize: 2_000,
          maxAsyncRequests: 60,
          maxInitialRequests: 30,
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

module.exports = { createConfig };
