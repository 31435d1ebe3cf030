import type { HTTPError, KyInstance, Options } from 'ky';

/**
 * Options a caller may pass per request. `skipLogoutOn401` lets a screen that
 * shows its own session-expiry message (payments, the applications list)
 * handle the 401 itself.
 */
export interface CallOptions extends Options {
  skipLogoutOn401?: boolean;
}

let client: Promise<KyInstance> | null = null;

/**
 * The one HTTP client of the browser packages (ky: base path /api, bearer
 * token from the store), loaded with the first call: a page that calls
 * nothing as it opens (a guest's landing page, a page that arrived with its
 * data) does not download it.
 */
export function httpClient(): Promise<KyInstance> {
  client ??= import(/* webpackChunkName: "http-client" */ './ky-client').then((module) => module.http);
  return client;
}

/** An error answered by the server (ky's HTTPError), recognised without loading ky. */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** The body of a failed call, when the server sent one. */
export function errorBody(error: unknown): { message?: string; error?: string } | undefined {
  if (!isHTTPError(error)) return undefined;
  const data: unknown = error.data;
  if (data && typeof data === 'object') return data as { message?: string; error?: string };
  if (typeof data === 'string' && data.trim() !== '') return { message: data };
  return undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return isHTTPError(error) ? error.response.status : undefined;
}

/**
 * The thing asked for does not exist: a 404, or a 400 for an id that cannot
 * be one ('abc'). A detail page shows its not-found state for either.
 */
export function isMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

/** An id in an address that can name a record (decimal digits, not 0). */
export function isRecordId(value: string | undefined): value is string {
  return value !== undefined && /^[0-9]{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647;
}
