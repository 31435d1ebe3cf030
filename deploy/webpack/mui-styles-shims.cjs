/**
 * A remote's MUI components reach the theme machinery through the shell's
 * shared `@mui/material/styles` instead of bundling their own copy of it.
 *
 * MUI's components import their styling internals by relative path
 * (`../styles/styled.mjs`, `../styles/useTheme.mjs`, `../styles/index.mjs`),
 * which a share of `@mui/material/styles` does not match: every remote that
 * used a component the shell does not provide carried a second createTheme and
 * default theme that the page had already loaded with the shell (8.7 KB
 * gzipped on the applicant's dashboard, 7.2 KB on the staff one; the system
 * style functions those components call directly stay in the remote). Here
 * those imports are sent to the
 * shared module: the index as the package itself, and each internal module
 * through a one-line stand-in that re-exports the same function from it
 * (mui-styles-shims/). Imports inside `styles/` itself are relative to their
 * own folder and are left alone, so the shared module keeps its own files.
 */
const path = require('node:path');
const webpack = require('webpack');

const SHIMS = path.join(__dirname, 'mui-styles-shims');
const INTERNAL = /^\.\.\/styles\/(index|styled|useTheme|useThemeProps|defaultTheme|createTheme)(\.m?js)?$/;
const INSIDE_MUI_MATERIAL = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/;

function muiStylesFromShell() {
  return new webpack.NormalModuleReplacementPlugin(INTERNAL, (resource) => {
    if (!INSIDE_MUI_MATERIAL.test(`${resource.context}/`)) return;
    const [, name] = INTERNAL.exec(resource.request);
    resource.request = name === 'index' ? '@mui/material/styles' : path.join(SHIMS, `${name}.mjs`);
  });
}

module.exports = { muiStylesFromShell };
