/**
 * The single-bundle baseline of issue 8: the same shell and remote screens
 * built as one ordinary webpack app (no Module Federation, ordinary code
 * splitting), so every federated page weight is reported as federated/baseline.
 * Built only by the benchmarks, into bench/.work/baseline-root/shell/dist.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// The same production builds of libraries as the federated build.
const { productionAliases } = require('../../deploy/webpack/create-config.cjs');
// The same page: the page platform's pre-start script and style, and the hash the server allows it by.
const { beforeStartScript, PageCspPlugin } = require('../../page-platform/build/before-start.cjs');

const root = path.resolve(__dirname, '..', '..');

module.exports = {
  mode: 'production',
  context: root,
  entry: { main: './shell/src/index.ts' },
  devtool: 'source-map',
  target: 'web',
  output: {
    path: path.join(root, 'bench', '.work', 'baseline-root', 'shell', 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js'],
    // The registry stand-in is swapped in at the shell's path, so it names the remotes absolutely.
    alias: {
      ...productionAliases(),
      ...Object.fromEntries(['mfe-public', 'mfe-applicant', 'mfe-staff'].map((name) => [`@portal-baseline/${name}`, path.join(root, name, 'src')])),
    },
  },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(__dirname, 'tsconfig.json') } },
      },
      { test: /\.css$/i, type: 'asset/resource' },
      { test: /\.(png|jpe?g|webp|svg|gif)$/i, type: 'asset/resource' },
    ],
  },
  plugins: [
    new webpack.NormalModuleReplacementPlugin(/features[\\/]remotes[\\/]registry(\.ts)?$/, path.join(__dirname, 'registry.ts')),
    // The shell's page adds its scripts itself (page-platform/src/before-start.ts).
    new HtmlWebpackPlugin({
      template: path.join(root, 'shell', 'public', 'index.html'),
      title: 'UniPortal',
      scriptLoading: 'defer',
      inject: false,
      pageDocument: beforeStartScript(),
      // As the shell's build: the inline script stays as built, or its hash would not allow it.
      minify: { collapseWhitespace: true, removeComments: true, minifyJS: false, minifyCSS: false },
    }),
    new PageCspPlugin(),
  ],
  // As the shell's build (deploy/webpack/create-config.cjs): webpack's own HTML minifier would rewrite the inline script.
  optimization: { minimize: { html: false } },
  performance: { hints: false },
};
