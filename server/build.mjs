// Bundles the portal's server into dist/server.mjs, with the page render
// worker beside it (dist/render-worker.mjs: it runs in its own thread). npm
// packages stay external (they are installed); the workspace packages (api,
// page-platform, shared-api) are bundled in from source.
import { build } from 'esbuild';

const WORKSPACE = /^(api|page-platform|shared-api|shared-auth)(\/|$)/;

await build({
  entryPoints: { server: 'src/main.ts', 'render-worker': 'src/pages/render-worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (WORKSPACE.test(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
});
