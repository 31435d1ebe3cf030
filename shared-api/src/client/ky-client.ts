/** The ky instance behind every call (loaded with the first one, see http.ts). */
import ky, { type KyInstance } from 'ky';
import { currentToken, requestLogout } from 'shared-auth';
import { API_BASE } from '../contract/constants';
import type { CallOptions } from './http';

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
        ({ request, response, options }) => {
          const skip = (options as CallOptions).skipLogoutOn401 === true;
          if (response.status === 401 && request.headers.has('Authorization') && !skip) requestLogout('unauthorized');
        },
      ],
    },
  });
}

/** The one HTTP client of the browser packages: base path /api, bearer token from the store. */
export const http: KyInstance = create();
