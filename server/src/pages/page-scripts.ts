/**
 * The scripts a page the server renders will run to become usable, named in
 * its head as <link rel="preload" as="script">, so a phone asks for them with
 * the shell's own scripts. Without them each set is asked for only once the
 * previous one has run: the remote's entry once the shell has started, the
 * exposed module once the entry has, the page's code and the shared packages
 * it takes from the shell after that — each a round trip, about 0.3 s apiece
 * on a slow network (bench/network.mjs measures the guest pages).
 *
 * What each build's chunks hold is read from its dist/page-scripts.json
 * (deploy/webpack/page-scripts.cjs). The shared packages a remote's code
 * consumes are named by the files of the shell that provides them: at run
 * time the remote takes them from the shell, not from its own fallbacks.
 */
import path from 'node:path';
import { z } from 'zod';
import { stampedJsonFileReader } from '../lib/file-stamp';

const PAGE_SCRIPTS_FILE = 'page-scripts.json';
/** The chunk group of a remote's exposed module (ModuleFederationPlugin's name for `exposes: { './App': … }`). */
const EXPOSED_APP = '__federation_expose_App';
/** A script file of a build: a name, never a path that leaves the build's folder. */
const scriptFile = z.string().regex(/^[A-Za-z0-9_.-]+\.js$/);

const pageScriptsSchema = z.object({
  format: z.literal(1),
  groups: z.record(z.string(), z.object({ files: z.array(scriptFile), shared: z.array(z.string()) })),
  provided: z.record(z.string(), z.array(scriptFile)),
});
export type PageScripts = z.infer<typeof pageScriptsSchema>;

const readers = new Map<string, ReturnType<typeof stampedJsonFileReader>>();
const parsed = new Map<string, { stamp: string; scripts: PageScripts | null }>();

/** A build's dist/page-scripts.json with its stamp (it changes with each build); null when missing, scripts null when not as the plugin writes it. */
export function readPageScripts(dir: string): { stamp: string; scripts: PageScripts | null } | null {
  const file = path.join(dir, PAGE_SCRIPTS_FILE);
  let read = readers.get(file);
  if (!read) {
    read = stampedJsonFileReader(file);
    readers.set(file, read);
  }
  const json = read();
  if (!json) return null;
  const known = parsed.get(file);
  if (known?.stamp === json.stamp) return known;
  const result = pageScriptsSchema.safeParse(json.value);
  const entry = { stamp: json.stamp, scripts: result.success ? result.data : null };
  parsed.set(file, entry);
  return entry;
}

export interface PageScriptsInput {
  /** The shell's page-scripts.json; its files are served from the site's root. */
  shell: PageScripts | null;
  /** The names of the shell's code the page runs: its own page's, or the frame's around a remote's page. */
  shellCode: readonly string[];
  /** The page's remote, if a remote owns it: its page-scripts.json, the URL of its entry (a same-site path) and the names of the page's code. */
  remote?: { scripts: PageScripts | null; entry: string; code: readonly string[] } | null;
  /** Scripts the page names already (the shell's first scripts). */
  already: readonly string[];
}

/** The URLs of the scripts to preload, in the order they will be run: the remote's entry and module, the page's code, the shared packages. */
export function scriptsToPreload({ shell, shellCode, remote, already }: PageScriptsInput): string[] {
  const urls: string[] = [];
  const add = (url: string) => {
    if (!urls.includes(url) && !already.includes(url)) urls.push(url);
  };
  const shared = new Set<string>();
  const addGroup = (scripts: PageScripts, group: string, base: string) => {
    // Own keys only: a name is the remote's word, and 'constructor' is no group.
    const found = Object.hasOwn(scripts.groups, group) ? scripts.groups[group] : undefined;
    if (!found) return;
    for (const file of found.files) add(`${base}${file}`);
    for (const key of found.shared) shared.add(key);
  };
  if (shell) for (const code of shellCode) addGroup(shell, code, '/');
  // An entry on another site is left to the federation runtime: a preload there would be fetched twice.
  if (remote?.scripts && remote.entry.startsWith('/') && !remote.entry.startsWith('//')) {
    const base = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
    add(remote.entry);
    addGroup(remote.scripts, EXPOSED_APP, base);
    for (const code of remote.code) addGroup(remote.scripts, code, base);
  }
  if (shell) for (const key of shared) for (const file of shell.provided[key] ?? []) add(`/${file}`);
  return urls;
}

/** The page with a preload link for each of `urls`, after the shell's own preloads (or at the end of its head). */
export function withPreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((url) => `<link rel="preload" as="script" href="${url}">`).join('');
  const preloads = [...html.matchAll(/<link rel="?preload"? as="?script"? href="?[^">]+"?>/g)];
  const last = preloads.at(-1);
  if (last?.index !== undefined) {
    const at = last.index + last[0].length;
    return `${html.slice(0, at)}${links}${html.slice(at)}`;
  }
  return html.replace('</head>', () => `${links}</head>`);
}
