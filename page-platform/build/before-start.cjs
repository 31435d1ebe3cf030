/**
 * Builds the page's pre-start script (src/before-start.ts) for the shell's
 * page: bundled with the session peek and the page's names, minified, as the
 * text of one inline <script>. The Content-Security-Policy allows that text by
 * its SHA-256, so the hash is computed here, from the very text the page
 * carries, and nowhere else:
 *
 * - the shell's webpack build inlines `script` (and `style`) into index.html
 *   and writes page-csp.json beside it (PageCspPlugin), which the portal's
 *   server reads from the shell it serves;
 * - deploy/nginx/portal.conf carries `cspSource`, which
 *   deploy/test/nginx-csp.test.mjs compares with this build.
 *
 * The build is deterministic for one esbuild version (pinned in the lock
 * file): a new esbuild that writes other text changes the hash, and the nginx
 * test says so.
 */
const { createHash } = require('node:crypto');
const path = require('node:path');
const esbuild = require('esbuild');

const SOURCE = path.join(__dirname, '..', 'src', 'before-start.ts');
const DOCUMENT = path.join(__dirname, '..', 'src', 'page-document.ts');

/** The name of the file the shell's build writes beside index.html. */
const PAGE_CSP_FILE = 'page-csp.json';

let built;

/**
 * @returns {{ script: string, sha256: string, cspSource: string, style: string, scriptsElementId: string, inputs: string[] }}
 */
function beforeStartScript() {
  if (built) return built;
  const result = esbuild.buildSync({
    entryPoints: [SOURCE],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = result.outputFiles[0].text.trim();
  // The text goes between <script> and </script> as it is.
  if (/<\/script|<!--/i.test(script)) throw new Error('the pre-start script holds text that would end its <script> element');
  const sha256 = createHash('sha256').update(script).digest('base64');
  // The page's names, read from the one module that defines them (through esbuild, which reads TypeScript).
  const names = esbuild.buildSync({ entryPoints: [DOCUMENT], bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent' });
  const loaded = { exports: {} };
  new Function('module', 'exports', names.outputFiles[0].text)(loaded, loaded.exports);
  const pageDocument = loaded.exports;
  built = {
    script,
    sha256,
    cspSource: `'sha256-${sha256}'`,
    style: pageDocument.pageStyle(),
    scriptsElementId: pageDocument.PAGE_SCRIPTS_ELEMENT_ID,
    inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)),
  };
  return built;
}

/**
 * Writes page-csp.json into the shell's build: the CSP sources of the page's
 * inline scripts, for the server that sends the page (it reads them from the
 * shell version it serves, which may not be its own).
 */
class PageCspPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageCspPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageCspPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(PAGE_CSP_FILE, new RawSource(`${JSON.stringify({ scriptSrc: [beforeStartScript().cspSource] }, null, 2)}\n`));
      });
    });
  }
}

module.exports = { beforeStartScript, PageCspPlugin, PAGE_CSP_FILE };
