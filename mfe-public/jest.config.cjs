const preset = require('portal-deploy/jest/preset.cjs')(__dirname);

module.exports = { ...preset, setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/test/polyfills.cjs'] };
