/**
 * dist/page-scripts.json: for each named chunk group of a build (a page's
 * lazy code, `webpackChunkName: "login"`; a remote's exposed module,
 * `__federation_expose_App`), the script files it is made of and the shared
 * packages its modules consume; and for each shared package this build
 * provides, the files that provide it. The server reads it to name, in the
 * head of a page it renders, every script that page will run, so a phone asks
 * for them all at once with the shell's scripts instead of one round after
 * another (remote entry, exposed module, page code, shared packages), each a
 * round trip on a slow network (server/src/pages/page-scripts.ts).
 */
const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/** The JavaScript files of `chunks`, in order, once each. */
function scriptFiles(chunks) {
  const files = new Set();
  for (const chunk of chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return [...files];
}

class PageScriptsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageScriptsPlugin', (compilation) => {
      // After the content hashes are final: the files named are those written.
      compilation.hooks.processAssets.tap({ name: 'PageScriptsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const groups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const shared = new Set();
          for (const chunk of group.chunks) for (const module of chunkGraph.getChunkModulesIterable(chunk)) if (module.type === 'consume-shared-module') shared.add(module.options.shareKey);
          groups[name] = { files: scriptFiles(group.chunks), shared: [...shared].sort() };
        }
        const provided = {};
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module') continue;
          // Eager: in the chunks that hold the module; otherwise in the chunks of its lazy block.
          const block = module.blocks[0];
          const chunks = block ? (chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) : [...chunkGraph.getModuleChunksIterable(module)];
          provided[module._name] = scriptFiles(chunks);
        }
        compilation.emitAsset(PAGE_SCRIPTS_FILE, new RawSource(`${JSON.stringify({ format: 1, groups, provided })}\n`));
      });
    });
  }
}

module.exports = { PageScriptsPlugin, PAGE_SCRIPTS_FILE };
