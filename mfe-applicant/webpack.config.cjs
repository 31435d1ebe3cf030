const { createConfig } = require('portal-deploy/webpack/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_applicant',
  port: 3002,
  exposes: { './App': './src/App.tsx' },
  pages: './src/pages.ts',
  title: 'UniPortal · Applicant area (standalone)',
});
