/**
 * Sends the application as one multipart request: part 'application' (JSON
 * Blob, contract ApplicationCreate) and one 'files' part per document in
 * DOCUMENT_TYPES order. Loaded lazily with the upload code of the wizard.
 */
import { applicationsApi, DOCUMENT_TYPES, errorText, isHTTPError, type ApplicationCreate } from 'shared-api';
import type { ChosenFiles } from '../model';

export type SubmitOutcome =
  | { kind: 'ok'; id: number | null }
  | { kind: 'unclear' }
  | { kind: 'failed'; message: string }
  | { kind: 'network'; message: string };

export const UNCLEAR_MESSAGE = 'Application submission completed but response was unclear. Please check your applications.';
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
export const FAILED_PREFIX = 'Failed to submit application';

/**
 * Upload progress needs streaming request bodies (ky's onUploadProgress), which
 * Chromium sends only over HTTP/2 or HTTP/3; over HTTP/1.1 the request would be
 * refused. So progress is asked for only when the page itself came over h2/h3.
 */
export function uploadProgressSupported(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  if (typeof ReadableStream !== 'function' || typeof TransformStream !== 'function') return false;
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const protocol = entry?.nextHopProtocol ?? '';
  return protocol === 'h2' || protocol === 'h3';
}

export function buildApplicationForm(application: ApplicationCreate, files: ChosenFiles): FormData {
  const form = new FormData();
  form.append('application', new Blob([JSON.stringify(application)], { type: 'application/json' }));
  for (const type of DOCUMENT_TYPES) {
    const file = files[type];
    if (!file) throw new Error(`Missing file ${type}`);
    form.append('files', file, file.name);
  }
  return form;
}

export async function submitApplication(
  application: ApplicationCreate,
  files: ChosenFiles,
  onProgress?: (percent: number) => void,
): Promise<SubmitOutcome> {
  const form = buildApplicationForm(application, files);
  let response: Response;
  try {
    response = await applicationsApi.submit(
      form,
      onProgress && uploadProgressSupported() ? { onUploadProgress: (progress) => onProgress(Math.round(progress.percent * 100)) } : undefined,
    );
  } catch (error) {
    if (isHTTPError(error)) {
      const text = errorText(error, '');
      return { kind: 'failed', message: text ? `${FAILED_PREFIX}: ${text}` : `${FAILED_PREFIX} (${error.response.status})` };
    }
    return { kind: 'network', message: GENERIC_MESSAGE };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'unclear' };
  }
  if (body && typeof body === 'object') {
    const record = body as { id?: unknown; message?: unknown; application?: { id?: unknown } };
    const id = Number(record.id ?? record.application?.id);
    if (Number.isInteger(id) && id > 0) return { kind: 'ok', id };
    if (typeof record.message === 'string' && record.message.trim() !== '') return { kind: 'ok', id: null };
  }
  return { kind: 'unclear' };
}
