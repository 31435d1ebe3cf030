import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { muiStylesFromShell } = require('../webpack/mui-styles-shims.cjs');
const muiMaterial = path.dirname(require.resolve('@mui/material/package.json'));
const SHIMS = path.join(path.dirname(require.resolve('../webpack/mui-styles-shims.cjs')), 'mui-styles-shims');

/** What the plugin makes of a request from a module in `context` (webpack calls it only for requests its pattern matches). */
function rewrite(context, request) {
  const plugin = muiStylesFromShell();
  const resource = { context, request };
  if (plugin.resourceRegExp.test(request)) plugin.newResource(resource);
  return resource.request;
}

const internal = (name) => import(pathToFileURL(path.join(muiMaterial, 'styles', `${name}.mjs`)).href);

describe("a remote's MUI components use the shell's styles module", () => {
  it("sends MUI's relative imports of its styling internals to the shared module", () => {
    const card = path.join(muiMaterial, 'Card');
    assert.equal(rewrite(card, '../styles/index.mjs'), '@mui/material/styles');
    for (const name of ['styled', 'useTheme', 'useThemeProps', 'defaultTheme', 'createTheme']) {
      assert.equal(rewrite(card, `../styles/${name}.mjs`), path.join(SHIMS, `${name}.mjs`));
      assert.ok(existsSync(path.join(muiMaterial, 'styles', `${name}.mjs`)), `MUI still has styles/${name}.mjs`);
    }
  });

  it('leaves other imports alone: small internals, and code outside MUI', () => {
    assert.equal(rewrite(path.join(muiMaterial, 'Button'), '../styles/rootShouldForwardProp.mjs'), '../styles/rootShouldForwardProp.mjs');
    assert.equal(rewrite('/work/app/src/features/x', '../styles/styled.mjs'), '../styles/styled.mjs');
  });

  it('gives each internal module exactly what the shared module exports for it', async () => {
    const shared = await import('@mui/material/styles');
    for (const name of ['styled', 'useTheme', 'useThemeProps', 'createTheme']) {
      const shim = await import(pathToFileURL(path.join(SHIMS, `${name}.mjs`)).href);
      assert.equal(shim.default, (await internal(name)).default, `${name}: the shim is MUI's own function`);
      assert.equal(shim.default, shared[name]);
    }
    const theme = (await import(pathToFileURL(path.join(SHIMS, 'defaultTheme.mjs')).href)).default;
    assert.deepEqual(Object.keys(theme).sort(), Object.keys((await internal('defaultTheme')).default).sort());
    assert.equal(theme.palette.primary.main, (await internal('defaultTheme')).default.palette.primary.main);
  });
});
