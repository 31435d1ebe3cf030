/**
 * The one shared-dependency map of the portal: every webpack config (the shell
 * and the three remotes) builds its Module Federation `shared` option from it,
 * so the singletons and their version ranges can never drift between packages.
 */
const path = require('node:path');
const { hostEager, providedForRemotes } = require('./shell-source-lists.cjs');

/** Package names shared as singletons. A trailing '/' shares every deep import of the package. */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  '@mui/material',
  '@mui/material/',
  '@emotion/react',
  '@emotion/styled',
  'zustand',
  'zustand/',
  'shared-auth',
  'shared-api',
];

/**
 * The MUI modules the shell provides to the remotes: the ones it imports
 * itself, and TextField, which the remotes' forms use and the shell's own
 * sign-in forms do not (they use its parts; see OutlinedField). A remote
 * shares only these. Remotes are never on a page together (each page shows
 * the shell and one remote), so a MUI component only a remote uses gains
 * nothing from being shared and would cost its visitors a federation round
 * per component (a separate chunk and a share-scope lookup at start-up)
 * instead of one tree-shaken bundle; the theme still reaches a remote's own
 * components through emotion's shared context. TextField is the exception
 * because it is large and built on the same inputs the shell already has, so
 * a remote's own copy would repeat them. deploy/test/shared-versions.test.mjs
 * checks this list against the shell's imports.
 */
const HOST_PROVIDED_MUI = [
  'Alert',
  'AlertTitle',
  'AppBar',
  'Box',
  'Button',
  'ButtonBase',
  'Checkbox',
  'CssBaseline',
  'Dialog',
  'DialogActions',
  'DialogContent',
  'DialogContentText',
  'DialogTitle',
  'FormControl',
  'FormControlLabel',
  'FormHelperText',
  'IconButton',
  'InputLabel',
  'Link',
  'Menu',
  'MenuItem',
  'OutlinedInput',
  'Paper',
  'TextField',
  'Toolbar',
  'Typography',
  'styles',
  'useMediaQuery',
].map((name) => `@mui/material/${name}`);

function installedVersion(name) {
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [__dirname] })).version;
  } catch {
    return undefined;
  }
}

/**
 * The host (the shell) also provides:
 * - eagerly (HOST_EAGER), what it needs to show any page at all: built into its
 *   first scripts rather than fetched one shared chunk at a time. The shell
 *   loads first and its copies are the ones every remote uses ('loaded-first'),
 *   so these are the modules every page runs anyway. Everything else (the
 *   sign-in forms' and the layouts' components, whatever a remote adds) stays
 *   lazy. The list is the packages its start-up steps evaluate
 *   (shell/src/startup-steps.ts), read from there (shell-source-lists.cjs);
 * - modules for the remotes that it does not import itself
 *   (PROVIDED_FOR_REMOTES), read from the module that refers to them so they
 *   are built (shell/src/features/remotes/provided-for-remotes.ts).
 *
 * @param {string} packageDir the folder of the consuming package (the shell's, for the host)
 * @param {{ host?: boolean }} [role] the shell provides HOST_EAGER eagerly
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function sharedDependencies(packageDir, { host = false } = {}) {
  const shared = {};
  for (const key of SINGLETONS) {
    const name = key.endsWith('/') ? key.slice(0, -1) : key;
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    // No version range is checked in the browser: every package declares the
    // same version of each singleton, which tools/check-shared-versions.mjs
    // enforces when packages are tested. The runtime's own check parses a
    // semver range for every shared module on every page load, and could
    // only warn: a singleton is used whatever its version.
    shared[key] = { singleton: true, requiredVersion: false, version: installedVersion(base), eager: false, strictVersion: false };
  }
  if (!host) {
    const mui = shared['@mui/material/'];
    delete shared['@mui/material/'];
    for (const key of HOST_PROVIDED_MUI) shared[key] = { ...mui };
  }
  if (host) {
    for (const key of providedForRemotes(packageDir)) shared[key] = { ...shared['@mui/material/'] };
    for (const key of hostEager(packageDir)) {
      const prefix = Object.keys(shared).find((k) => k === key || (k.endsWith('/') && key.startsWith(k)));
      shared[key] = { ...shared[prefix], eager: true };
    }
  }
  // The router is shared as a tree-shaken facade of what the code uses (see the file).
  shared['react-router-dom'] = { ...shared['react-router-dom'], import: path.join(__dirname, 'react-router-facade.mjs') };
  return shared;
}

module.exports = { sharedDependencies, SINGLETONS, HOST_PROVIDED_MUI, hostEager, providedForRemotes };
