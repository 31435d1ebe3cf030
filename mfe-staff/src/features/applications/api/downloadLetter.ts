/** GET /api/letters/{id}: a decision letter as a PDF; the server records the download in the history. */
import { httpClient } from 'shared-api';

export async function downloadLetter(url: string): Promise<Blob> {
  return (await httpClient()).get(url.replace(/^\/api\//, '')).blob();
}
