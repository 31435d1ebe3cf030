const { createBuilds } = require('portal-deploy/webpack/index.cjs');

module.exports = createBuilds(
  {
    dir: __dirname,
    name: 'mfe_applicant',
    port: 3002,
    exposes: { './App': './src/App.tsx' },
    pages: './src/pages.ts',
    title: 'UniPortal · Applicant area (standalone)',
  },
  // The server renders the applicant's university list ahead for the role (see src/server.ts).
  { dir: __dirname, entry: './src/server.ts', name: 'remote', sharedFromShell: true },
);
