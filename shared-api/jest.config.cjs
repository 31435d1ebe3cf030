// The ky client needs fetch, which jsdom lacks: these tests run in node.
module.exports = { ...require('portal-deploy/jest/preset.cjs')(__dirname), testEnvironment: 'node', setupFilesAfterEnv: [] };
