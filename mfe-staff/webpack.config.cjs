const { createBuilds } = require('portal-deploy/webpack/index.cjs');

module.exports = createBuilds(
  {
    dir: __dirname,
    name: 'mfe_staff',
    port: 3003,
    exposes: { './App': './src/App.tsx' },
    pages: './src/pages.ts',
    title: 'UniPortal · Staff area (standalone)',
  },
  // The server renders the review queue for the person who opens it (see src/server.ts).
  { dir: __dirname, entry: './src/server.ts', name: 'remote', sharedFromShell: true },
);
