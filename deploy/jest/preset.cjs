/**
 * The jest configuration of every browser package: jsdom, ts-jest without type
 * checking (tsc does that), ESM-only libraries transformed.
 */
const path = require('node:path');

module.exports = function jestPreset(dir) {
  return {
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        'ts-jest',
        {
          diagnostics: false,
          tsconfig: {
            jsx: 'react-jsx',
            module: 'commonjs',
            target: 'ES2022',
            esModuleInterop: true,
            allowJs: true,
            isolatedModules: true,
          },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(ky|yet-another-react-lightbox)/)'],
    moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'style-stub.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
  };
};
