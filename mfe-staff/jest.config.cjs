const preset = require('portal-deploy/jest/preset.cjs')(__dirname);

module.exports = {
  ...preset,
  testTimeout: 30_000,
  setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/test/polyfills.cjs'],
};
