/**
 * Sends the application as one multipart request: part 'application' (JSON
 * Blob, contract ApplicationCreate, naming the documents already uploaded in
 * `documentUploads`) and one 'files' part per other document in
 * DOCUMENT_TYPES order. Loaded lazily with the upload code of the wizard.
 */
import { applicationsApi, DOCUMENT_TYPES, errorBody, errorText, fieldProblem, isHTTPError, type ApplicationCreate, type DocumentType, type DocumentUploadIds } from 'shared-api';
import type { ChosenFiles } from '../model';
import { fetchReportingUploadProgress } from './upload-transport';

export type SubmitOutcome =
  | { kind: 'ok'; id: number | null }
  | { kind: 'unclear' }
  | { kind: 'failed'; message: string }
  | { kind: 'network'; message: string }
  /** 409: the intake is closed, or the applicant already applied into it (then `applicationId` names the first application). */
  | { kind: 'refused'; message: string; applicationId: number | null };

export const UNCLEAR_MESSAGE = 'Application submission completed but response was unclear. Please check your applications.';
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
export const FAILED_PREFIX = 'Failed to submit application';

/**
 * `storedInDraft`: documents the server's draft already holds (issue 16); they
 * are not sent again, and `documentTypes` lists the sent ones first, as the
 * server takes the rest from the draft.
 */
export function buildApplicationForm(application: ApplicationCreate, files: ChosenFiles, storedInDraft: readonly DocumentType[] = [], uploaded: DocumentUploadIds = {}): FormData {
  const form = new FormData();
  // Documents already uploaded (issue 19) are named by their upload, never sent again.
  const inDraft = storedInDraft.filter((type) => !uploaded[type]);
  const sent = DOCUMENT_TYPES.filter((type) => !inDraft.includes(type) && !uploaded[type]);
  const withUploads = Object.keys(uploaded).length > 0 ? { ...application, documentUploads: uploaded } : application;
  const ordered = inDraft.length > 0 ? { ...withUploads, documentTypes: [...sent, ...DOCUMENT_TYPES.filter((type) => uploaded[type]), ...inDraft] } : withUploads;
  form.append('application', new Blob([JSON.stringify(ordered)], { type: 'application/json' }));
  for (const type of sent) {
    const file = files[type];
    if (!file) throw new Error(`Missing file ${type}`);
    form.append('files', file, file.name);
  }
  return form;
}

/**
 * The server words a refused Grade 12 row itself ('grade12Results: English
 * Language must be among the subjects.'): said as 'Grade 12 results: …'.
 */
function grade12Refusal(error: unknown): string | undefined {
  const message = isHTTPError(error) && error.response.status === 400 ? (errorBody(error)?.message ?? '') : '';
  const reason = message.startsWith('grade12Results: ') ? message.slice('grade12Results: '.length) : '';
  return reason ? `Grade 12 results: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` : undefined;
}

export async function submitApplication(
  application: ApplicationCreate,
  files: ChosenFiles,
  onProgress?: (percent: number) => void,
  storedInDraft: readonly DocumentType[] = [],
  uploaded: DocumentUploadIds = {},
): Promise<SubmitOutcome> {
  const form = buildApplicationForm(application, files, storedInDraft, uploaded);
  let response: Response;
  try {
    response = await applicationsApi.submit(form, onProgress ? { fetch: fetchReportingUploadProgress((sent, total) => onProgress(Math.min(100, Math.round((sent / total) * 100)))) } : undefined);
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 409) {
      // Said as the server says it ('Applications for this intake are closed.'), without the 'Failed to submit' prefix.
      const body = (error.data && typeof error.data === 'object' ? error.data : {}) as { applicationId?: unknown };
      const applicationId = Number(body.applicationId);
      return { kind: 'refused', message: errorText(error, FAILED_PREFIX), applicationId: Number.isInteger(applicationId) && applicationId > 0 ? applicationId : null };
    }
    if (isHTTPError(error)) {
      // A refused field ('programIds: must not repeat…') is said in plain words.
      const text = grade12Refusal(error) ?? fieldProblem(error)?.text ?? errorText(error, '');
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
