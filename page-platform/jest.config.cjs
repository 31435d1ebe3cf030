module.exports = require('portal-deploy/jest/preset.cjs')(__dirname);
