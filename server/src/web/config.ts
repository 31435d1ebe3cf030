/**
 * The web platform's configuration: what the portal's server serves besides
 * /api (the shell, the remotes, /remotes.json) and whether it renders guests'
 * pages, from the environment, validated once at start like the API's own
 * (api/src/config.ts). A bad value stops the server with a message naming the
 * variable; an empty variable counts as unset.
 */
import path from 'node:path';
import { z } from 'zod';

export const REMOTE_PACKAGES = ['mfe-public', 'mfe-applicant', 'mfe-staff'] as const;
export type RemotePackage = (typeof REMOTE_PACKAGES)[number];

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Where the shell loads a remote from: a path on this server or an absolute URL (remoteEntry.js or mf-manifest.json). */
const RemoteUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) URL or a path starting with /')
  .optional();

const WebEnv = z.object({
  PORTAL_SERVE_WEB: bool.optional(),
  PORTAL_RENDER_PAGES: bool.optional(),
  PORTAL_WEB_ROOT: z.string().optional(),
  PORTAL_WEB_LAYOUT: z.enum(['workspace', 'deployed']).default('workspace'),
  PORTAL_REMOTE_MFE_PUBLIC_URL: RemoteUrl,
  PORTAL_REMOTE_MFE_APPLICANT_URL: RemoteUrl,
  PORTAL_REMOTE_MFE_STAFF_URL: RemoteUrl,
});

export type WebConfig = ReturnType<typeof loadWebConfig>;

export class WebConfigError extends Error {}

/**
 * @param repoRoot the repository (PORTAL_ROOT in a container): the default web root
 */
export function loadWebConfig(env: NodeJS.ProcessEnv, repoRoot: string) {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = WebEnv.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new WebConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    serve: e.PORTAL_SERVE_WEB ?? true,
    /** Render guests' pages on the server (with the shell's and the remotes' server bundles). */
    renderPages: e.PORTAL_RENDER_PAGES ?? e.PORTAL_SERVE_WEB ?? true,
    root: path.resolve(repoRoot, e.PORTAL_WEB_ROOT ?? '.'),
    /**
     * 'workspace': the repository (shell/dist and each remote's dist), as `npm start` serves it;
     * 'deployed': a web root written by deploy/tools/deploy-remote.mjs (index.html,
     * remotes/<package>/<version>/, config/remotes.json), as nginx serves it.
     */
    layout: e.PORTAL_WEB_LAYOUT,
    /** The runtime manifest (/remotes.json): package name → remote entry or manifest URL. */
    remotes: {
      'mfe-public': e.PORTAL_REMOTE_MFE_PUBLIC_URL ?? '/remotes/mfe-public/remoteEntry.js',
      'mfe-applicant': e.PORTAL_REMOTE_MFE_APPLICANT_URL ?? '/remotes/mfe-applicant/remoteEntry.js',
      'mfe-staff': e.PORTAL_REMOTE_MFE_STAFF_URL ?? '/remotes/mfe-staff/remoteEntry.js',
    } satisfies Record<RemotePackage, string>,
  };
}
