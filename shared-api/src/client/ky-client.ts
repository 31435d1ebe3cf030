/** The ky instance behind every call (loaded with the first one, see http.ts). */
import ky, { type KyInstance } from 'ky';
import { currentToken, requestLogout } from 'shared-auth';
import { API_BASE } from '../contract/constants';
import type { CallOptions } from './http';
import { OFFLINE_DATA_EVENT, servedFromOfflineCache, type OfflineDataDetail } from './offline-data';

let lastAnswerSaved = false;

/** Tells the page when the answers switch between the server's and the service worker's saved copies (the shell's banner listens). */
function noteAnswerSource(response: Response): void {
  const saved = servedFromOfflineCache(response);
  if (saved === lastAnswerSaved || typeof window === 'undefined') return;
  lastAnswerSaved = saved;
  window.dispatchEvent(new CustomEvent<OfflineDataDetail>(OFFLINE_DATA_EVENT, { detail: { saved } }));
}

function create(): KyInstance {
  return ky.create({
    prefix: API_BASE,
    timeout: 30_000,
    retry: { limit: 2, methods: ['get'] },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = currentToken();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        ({ response }) => {
          // The service worker's saved copy (offline, or the network too slow): the shell's banner says so.
          noteAnswerSource(response);
        },
        async ({ request, response, options }) => {
          const skip = (options as CallOptions).skipLogoutOn401 === true;
          // Only the session that sent the call has ended: an answer to a call sent
          // with an older token (the visitor signed in again meanwhile) must not
          // sign the new session out.
          const sentWith = request.headers.get('Authorization');
          if (response.status !== 401 || sentWith === null || sentWith !== `Bearer ${currentToken() ?? ''}` || skip) return;
          // The server says why (session ended, account archived): /login shows it.
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { message?: unknown } | null;
          requestLogout('unauthorized', typeof body?.message === 'string' ? body.message : undefined);
        },
      ],
    },
  });
}

/** The one HTTP client of the browser packages: base path /api, bearer token from the store. */
export const http: KyInstance = create();
