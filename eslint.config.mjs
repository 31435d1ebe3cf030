// One flat config for the monorepo. The boundary rules below are the
// architecture: remotes never import each other or the shell, browser packages
// never import the server, and only the shell writes the session store.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES = ['mfe-public', 'mfe-applicant', 'mfe-staff'];
const BROWSER_PACKAGES = ['shell', ...REMOTES, 'shared-auth', 'shared-api'];

function forbidden(pkg) {
  const others = [...REMOTES, 'shell'].filter((p) => p !== pkg);
  const patterns = [
    { group: ['api', 'api/*', '**/api/src/**'], message: 'Browser packages must not import the server (api).' },
    ...others.map((other) => ({
      group: [other, `${other}/*`, `**/${other}/src/**`, `../${other}/**`, `../../${other}/**`],
      message: `${pkg} must not import ${other}: remotes and the shell share code only through shared-auth and shared-api.`,
    })),
  ];
  const paths = [{ name: '@mui/material', message: "Import MUI components by path ('@mui/material/Button') so only what is used is shared and shipped." }];
  if (pkg !== 'shell') {
    paths.push({ name: 'shared-auth', importNames: ['sessionWriter'], message: 'Only the shell writes the session store; use requestLogout().' });
  }
  return { patterns, paths };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/.work/**', '**/coverage/**', 'api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: BROWSER_PACKAGES.map((p) => `${p}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...['shell', ...REMOTES].map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', forbidden(pkg)] },
  })),
  ...['shared-auth', 'shared-api'].map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['api', 'api/*', 'shell', 'shell/*', ...REMOTES, ...REMOTES.map((r) => `${r}/*`)], message: 'Shared packages depend on nothing but each other.' }] },
      ],
    },
  })),
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    // Journeys pass functions to page.evaluate: they run in the browser.
    files: ['deploy/e2e/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['deploy/jest/**/*.cjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
  },
);
