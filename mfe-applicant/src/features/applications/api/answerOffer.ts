/** POST /api/offers/{id}/accept or /decline: the applicant's answer to an open offer (issue 17). */
import { httpClient, type ApplicationOffer } from 'shared-api';

export async function answerOffer(offerId: number, answer: 'accept' | 'decline'): Promise<ApplicationOffer> {
  return (await httpClient()).post(`offers/${offerId}/${answer}`, { json: {} }).json<ApplicationOffer>();
}
