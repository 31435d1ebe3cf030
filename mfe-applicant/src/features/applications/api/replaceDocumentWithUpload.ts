/** POST /api/applications/{id}/documents/{documentId} with JSON { uploadId }: a rejected document replaced by a finished resumable upload (issues 17, 19). */
import { httpClient, type Application, type UploadLink } from 'shared-api';

export async function replaceDocumentWithUpload(applicationId: number, documentId: number, uploadId: string): Promise<Application> {
  const body: UploadLink = { uploadId };
  return (await httpClient()).post(`applications/${applicationId}/documents/${documentId}`, { json: body, retry: 0 }).json<Application>();
}
