// Bundles the API alone into dist/server.mjs (the portal on one port, the API
// with its pages, is server/build.mjs). npm packages stay external (they are
// installed); the workspace contract (shared-api) is bundled in from source.
import { build } from 'esbuild';

await build({
  // The backup tool runs in the image too (node api/dist/backup.mjs).
  entryPoints: { server: 'src/server.ts', backup: 'src/tools/backup.ts' },
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
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('shared-') || args.path.startsWith('page-platform/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
});
