const { createBuilds } = require('portal-deploy/webpack/index.cjs');

module.exports = createBuilds(
  {
    dir: __dirname,
    name: 'mfe_public',
    port: 3001,
    exposes: { './App': './src/App.tsx' },
    pages: './src/pages.ts',
    title: 'UniPortal · Public site (standalone)',
  },
  // The server renders guests' pages with this (see src/server.ts).
  { dir: __dirname, entry: './src/server.ts', name: 'remote', sharedFromShell: true },
);
