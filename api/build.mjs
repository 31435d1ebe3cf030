// Bundles the server into dist/server.mjs. npm packages stay external (they are
// installed); the workspace contract (shared-api) is bundled in from source.
import { build } from 'esbuild';

await build({
  // The page render worker runs in its own thread, so it is its own file.
  entryPoints: { server: 'src/server.ts', 'render-worker': 'src/plugins/pages/render-worker.ts' },
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
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('shared-') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
});
