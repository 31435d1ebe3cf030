/**
 * Sends the application as one multipart request: part 'application' (JSON
 * Blob, contract ApplicationCreate) and one 'files' part per document in
 * DOCUMENT_TYPES order. Loaded lazily with the upload code of the wizard.
 */
import { applicationsApi, DOCUMENT_TYPES, errorText, isHTTPError, type ApplicationCreate } from 'shared-api';
import type { ChosenFiles } from '../model';
import { fetchReportingUploadProgress } from './upload-transport';

export type SubmitOutcome =
  | { kind: 'ok'; id: number | null }
  | { kind: 'unclear' }
  | { kind: 'failed'; message: string }
  | { kind: 'network'; message: string };

export const UNCLEAR_MESSAGE = 'Application submission completed but response was unclear. Please check your applications.';
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
export const FAILED_PREFIX = 'Failed to submit application';

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
      onProgress ? { fetch: fetchReportingUploadProgress((sent, total) => onProgress(Math.min(100, Math.round((sent / total) * 100)))) } : undefined,
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
