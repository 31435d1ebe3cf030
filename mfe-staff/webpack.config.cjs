const { createConfig } = require('portal-deploy/webpack/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_staff',
  port: 3003,
  exposes: { './App': './src/App.tsx' },
  pages: './src/pages.ts',
  title: 'UniPortal · Staff area (standalone)',
});
