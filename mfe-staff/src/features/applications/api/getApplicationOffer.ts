/** GET /api/applications/{id}/offer: the application's latest offer and its decision letters (issue 17), for staff in reach. */
import { httpClient, type ApplicationOffer } from 'shared-api';

export async function getApplicationOffer(applicationId: number): Promise<ApplicationOffer> {
  return (await httpClient()).get(`applications/${applicationId}/offer`).json<ApplicationOffer>();
}
