import ky, { isHTTPError, type KyInstance, type Options } from 'ky';
import { currentToken, requestLogout } from 'shared-auth';
import { API_BASE } from '../contract/constants';

/**
 * Options a caller may pass per request. `skipLogoutOn401` lets a screen that
 * shows its own session-expiry message (payments, the applications list)
 * handle the 401 itself.
 */
export interface CallOptions extends Options {
  skipLogoutOn401?: boolean;
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

/** The body of a failed call, when the server sent one. */
export function errorBody(error: unknown): { message?: string; error?: string } | undefined {
  if (!isHTTPError(error)) return undefined;
  const data: unknown = error.data;
  if (data && typeof data === 'object') return data as { message?: string; error?: string };
  if (typeof data === 'string' && data.trim() !== '') return { message: data };
  return undefined;
}

/** A server error turned into text in the spec's order: message, then error, then the fallback. */
export function errorText(error: unknown, fallback: string): string {
  const body = errorBody(error);
  return body?.message || body?.error || fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return isHTTPError(error) ? error.response.status : undefined;
}

export { isHTTPError };
