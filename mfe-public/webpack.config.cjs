const { createConfig } = require('portal-deploy/webpack/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_public',
  port: 3001,
  exposes: { './App': './src/App.tsx' },
  title: 'UniPortal · Public site (standalone)',
});
