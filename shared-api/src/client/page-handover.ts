/**
 * The page platform's hand-over (page-platform/handover), as the shell and the
 * remotes reach it: through this shared package by name, so every page has one
 * instance of it (one context for the server's render, one reading of the
 * embedded responses). The hand-over keys a response by its API path; a
 * screen names it as it calls the client ('universities').
 */
import { forgetPreloaded, usePreloaded } from 'page-platform/handover';
import { API_BASE } from '../contract/constants';

export { PreloadedResponsesProvider, useAdoptingServerHtml, useFormHandover, type PreloadedResponses, type TypedField } from 'page-platform/handover';

/** The API path a client call goes to: 'universities' → '/api/universities'. */
export function apiPath(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

/** The response of GET `path` ('universities') this page was rendered with, if any. */
export function usePreloadedResponse<T>(path: string): T | undefined {
  return usePreloaded<T>(apiPath(path));
}

/** Called once a screen has shown the response: later visits ask the API. */
export function forgetPreloadedResponse(path: string): void {
  forgetPreloaded(apiPath(path));
}
