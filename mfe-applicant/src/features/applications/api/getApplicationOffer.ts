/** GET /api/applications/{id}/offer: the application's latest offer and its decision letters (issue 17). */
import { httpClient, type ApplicationOffer } from 'shared-api';

export async function getApplicationOffer(applicationId: number | string): Promise<ApplicationOffer> {
  return (await httpClient()).get(`applications/${applicationId}/offer`).json<ApplicationOffer>();
}
