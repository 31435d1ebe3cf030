const path = require('node:path');
const preset = require('portal-deploy/jest/preset.cjs')(__dirname);

module.exports = {
  ...preset,
  testTimeout: 30_000,
  setupFiles: [...(preset.setupFiles ?? []), path.join(__dirname, 'test', 'jsdom-polyfills.cjs')],
};
