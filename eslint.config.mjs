// One flat config for the monorepo. The boundary rules below are the
// architecture: remotes never import each other or the shell, browser packages
// never import the server, only the shell writes the session store, and the
// page platform depends on no other package of the portal; the API's feature
// modules meet only through their index.ts, wired by app.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

const REMOTES = ['mfe-public', 'mfe-applicant', 'mfe-staff'];
const BROWSER_PACKAGES = ['shell', ...REMOTES, 'shared-auth', 'shared-api', 'page-platform'];

function forbidden(pkg) {
  const others = [...REMOTES, 'shell'].filter((p) => p !== pkg);
  const patterns = [
    // A regex, not a gitignore group: 'api' as a group matched every folder
    // named api, such as a feature's one-file-per-request api/ folder.
    { regex: '^(api|portal-server)(/|$)|(^|/)(api|server)/src(/|$)', message: 'Browser packages must not import the server (api, server).' },
    ...others.map((other) => ({
      group: [other, `${other}/*`, `**/${other}/src/**`, `../${other}/**`, `../../${other}/**`],
      message: `${pkg} must not import ${other}: remotes and the shell share code only through shared-auth and shared-api.`,
    })),
  ];
  const paths = [{ name: '@mui/material', message: "Import MUI components by path ('@mui/material/Button') so only what is used is shared and shipped." }];
  if (pkg !== 'shell') {
    paths.push({ name: 'shared-auth', importNames: ['sessionWriter'], message: 'Only the shell writes the session store; use requestLogout().' });
    // The shell bundles the hand-over inside shared-api; a remote's own copy would be a second instance on the page.
    paths.push({ name: 'page-platform/handover', message: 'Reach the page hand-over through shared-api (usePreloadedResponse, useFormHandover): one instance per page.' });
  }
  return { patterns, paths };
}

/**
 * Inside a front end, features never import each other (bulletproof-react):
 * what two features share moves to the package's components/ or lib/, and the
 * app layer (App.tsx, pages.ts) composes features. The rule is built from the
 * folders on disk, so a new feature is covered the day it is created.
 */
function featureFolders(pkg) {
  const dir = path.join(import.meta.dirname, pkg, 'src', 'features');
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}
function featureIsolation(pkg) {
  const packageRules = forbidden(pkg);
  return featureFolders(pkg).map((feature) => {
    const others = featureFolders(pkg).filter((f) => f !== feature);
    const patterns = others.map((other) => ({
      // By path through features/, or relative from inside this feature's folders.
      regex: `(^|/)features/${other}(/|$)|^(\\.\\./)+${other}(/|$)`,
      message: `Features never import each other: move what ${feature} needs from ${other} to src/components or src/lib, or compose them in App.tsx.`,
    }));
    return {
      files: [`${pkg}/src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [...packageRules.patterns, ...patterns], paths: packageRules.paths }] },
    };
  });
}

/**
 * The API by feature: api/src/modules/<module>/ (routes, services, queries,
 * an index.ts that is the module's public face) apart from
 * api/src/infrastructure/. Four rules, built from the module folders on disk
 * so a new module is covered the day it exists:
 * 1. a module's routes call services, never its SQL or the database;
 * 2. a module reaches another only through that module's index.ts;
 * 3. infrastructure never imports a module;
 * 4. only app.ts (the composition root) wires modules together: nothing else
 *    outside modules/ imports one, and no module takes another's route
 *    registrars or jobs.
 */
const API_SRC = 'api/src';
function apiModules() {
  const dir = path.join(import.meta.dirname, API_SRC, 'modules');
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}
const API_ROUTE_FILES = ['routes.ts', '*-routes.ts', 'routes/**/*.ts'];
const ROUTES_CALL_SERVICES = {
  regex: '(^|/)queries(/|\\.ts$|$)|(^|/)infrastructure/database(/|$)|^(drizzle-orm|pg|@electric-sql/pglite)(/|$)',
  message: "Routes call the module's services (its service files, or another module's index); SQL and the database stay behind them.",
};
const ONLY_APP_WIRES_MODULES = {
  regex: '(^|/)modules(/|$)',
  message: 'Only app.ts, the composition root, wires the feature modules; pass what this file needs in from there.',
};
const INFRASTRUCTURE_WITHOUT_MODULES = {
  regex: '(^|/)modules(/|$)',
  message: 'Infrastructure never imports a feature module: app.ts hands it what it needs (as it hands the access check its session check).',
};
function moduleBoundaries(module) {
  return apiModules()
    .filter((other) => other !== module)
    .flatMap((other) => [
      {
        // By relative path from anywhere inside the module, with or without modules/.
        regex: `^(\\.\\./)+(modules/)?${other}/(?!index(\\.ts)?$)`,
        message: `A module reaches another only through its index.ts: import '../${other}', not its internal files.`,
      },
      {
        regex: `^(\\.\\./)+(modules/)?${other}(/index(\\.ts)?)?$`,
        importNamePattern: '^(\\w*Routes|start[A-Z]\\w*)$',
        message: `Only app.ts registers another module's routes or starts its jobs (here ${other}'s).`,
      },
    ]);
}
/** The browser entry of shared-api carries the HTTP client; the server takes the contract and the display helpers. */
const API_TAKES_CONTRACT = {
  regex: '^shared-api(/(?!(contract|format)$).*)?$',
  message: "The API imports shared-api/contract (schemas) and shared-api/format (how screens write dates and phones) only; 'shared-api' itself is the browser's client.",
};
function apiRules() {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [API_TAKES_CONTRACT, ...patterns] }] });
  return [
    {
      files: [`${API_SRC}/**/*.ts`],
      ignores: [`${API_SRC}/app.ts`, `${API_SRC}/modules/**`, `${API_SRC}/infrastructure/**`],
      rules: rule([ONLY_APP_WIRES_MODULES]),
    },
    { files: [`${API_SRC}/infrastructure/**/*.ts`], rules: rule([INFRASTRUCTURE_WITHOUT_MODULES]) },
    ...apiModules().flatMap((module) => [
      { files: [`${API_SRC}/modules/${module}/**/*.ts`], rules: rule(moduleBoundaries(module)) },
      // After the module's own rule: a routes file carries the module's patterns too.
      { files: API_ROUTE_FILES.map((f) => `${API_SRC}/modules/${module}/${f}`), rules: rule([...moduleBoundaries(module), ROUTES_CALL_SERVICES]) },
    ]),
  ];
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
    // Type-aware: a promise nobody awaits loses its failure (an unhandled
    // rejection in the API, a silent error in a page).
    files: ['{api,server,page-platform,shell,mfe-public,mfe-applicant,mfe-staff,shared-api,shared-auth}/{src,test}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/it return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: BROWSER_PACKAGES.map((p) => `${p}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Screens load server data with useServerData ('shared-api/data'): it drops an answer that
    // comes back after its inputs changed. A "still mounted?" flag in an effect is that hook
    // written again by hand (issue 15 found about 25 of them).
    files: ['shell', ...REMOTES].map((pkg) => `${pkg}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useEffect'] VariableDeclaration[kind='let'] > VariableDeclarator[init.type='Literal'][init.raw=/^(true|false)$/]",
          message: "Load server data with useServerData from 'shared-api/data' instead of an effect with a still-mounted flag.",
        },
      ],
    },
  },
  ...['shell', ...REMOTES].map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', forbidden(pkg)] },
  })),
  // After the package rule: for a feature's files it carries the package's patterns too.
  ...['shell', ...REMOTES].flatMap(featureIsolation),
  ...apiRules(),
  ...['shared-auth', 'shared-api'].map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(api|portal-server|shell|${REMOTES.join('|')})(/|$)`, message: 'Shared packages depend on nothing but each other and the page platform.' }] },
      ],
    },
  })),
  {
    // Its pre-start script runs before anything else on the page, and every package uses it: it stands alone.
    files: ['page-platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(api|portal-server|shell|shared-api|shared-auth|${REMOTES.join('|')})(/|$)`, message: 'The page platform depends on no other package of the portal.' }] },
      ],
    },
  },
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
