/**
 * A remote's page manifest (src/pages.ts, typed by shared-api/pages) as
 * dist/pages.json: the deploy tool publishes it with the remote's version and
 * /remotes.json carries it to the shell. The module is data with type-only
 * imports, so it is read here by compiling it with TypeScript (and the
 * relative modules it imports, such as a fixture extending a remote's list),
 * and checked with the same zod schema the shell uses: a build with a bad
 * manifest fails rather than ship one the shell would leave out.
 */
const { readFileSync, existsSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const SCHEMA_FILE = path.resolve(__dirname, '..', '..', 'shared-api', 'src', 'contract', 'page-manifest-schema.ts');

/** Evaluates a TypeScript module and what it imports relatively; other imports come from node_modules. */
function evaluateTs(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file).exports;
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: file,
  });
  const module = { exports: {} };
  seen.set(file, module);
  const requireFrom = (request) => {
    if (request.startsWith('.') || path.isAbsolute(request)) {
      const base = path.resolve(path.dirname(file), request);
      const resolved = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
      if (resolved?.endsWith('.ts') || resolved?.endsWith('.tsx')) return evaluateTs(resolved, seen);
    }
    const resolved = require.resolve(request, { paths: [path.dirname(file)] });
    // Workspace packages are TypeScript sources (shared-api/pages).
    return /\.tsx?$/.test(resolved) ? evaluateTs(resolved, seen) : require(resolved);
  };
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(module.exports, requireFrom, module, file, path.dirname(file));
  return module.exports;
}

/** `manifest` checked against shared-api's schema; throws with the schema's complaint, naming `source`, otherwise. */
function checkPageManifest(manifest, source) {
  const { pageManifestSchema } = evaluateTs(SCHEMA_FILE);
  const parsed = pageManifestSchema.safeParse(manifest);
  if (!parsed.success) throw new Error(`${source}: not a valid page manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** The manifest `PAGES` exported by `file`, checked. */
function readPageManifest(file) {
  return checkPageManifest(evaluateTs(file).PAGES, file);
}

/** Emits dist/pages.json from the remote's page manifest module. */
class PageManifestPlugin {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        try {
          compilation.emitAsset('pages.json', new RawSource(`${JSON.stringify(readPageManifest(this.file), null, 2)}\n`));
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(error.message));
        }
        compilation.fileDependencies.add(this.file);
      });
    });
  }
}

module.exports = { PageManifestPlugin, readPageManifest, checkPageManifest, evaluateTs, SCHEMA_FILE };
