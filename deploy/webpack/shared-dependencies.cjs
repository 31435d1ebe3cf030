/**
 * The one shared-dependency map of the portal: every webpack config (the shell
 * and the three remotes) builds its Module Federation `shared` option from it,
 * so the singletons and their version ranges can never drift between packages.
 */
const path = require('node:path');

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

function installedVersion(name) {
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [__dirname] })).version;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} packageDir the folder of the consuming package (its package.json declares the ranges)
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function sharedDependencies(packageDir) {
  const manifest = require(path.join(packageDir, 'package.json'));
  const declared = { ...manifest.peerDependencies, ...manifest.dependencies };
  const shared = {};
  for (const key of SINGLETONS) {
    const name = key.endsWith('/') ? key.slice(0, -1) : key;
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const version = installedVersion(base);
    // Workspace packages are declared as exact versions; allow the minor range so
    // a remote built one release ahead or behind still shares the same instance.
    const range = declared[base] ? `^${String(declared[base]).replace(/^[\^~]/, '')}` : version ? `^${version}` : false;
    shared[key] = { singleton: true, requiredVersion: range, version, eager: false, strictVersion: false };
  }
  // The router is shared as a tree-shaken facade of what the code uses (see the file).
  shared['react-router-dom'] = { ...shared['react-router-dom'], import: path.join(__dirname, 'react-router-facade.mjs') };
  return shared;
}

module.exports = { sharedDependencies, SINGLETONS };
