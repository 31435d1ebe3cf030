import { httpClient, type MessageBody } from 'shared-api';

/** POST /api/auth/request-reset-code: a 6-digit code by SMS to the phone an applicant registered (same answer whatever the number). */
export async function requestResetCode(phone: string): Promise<MessageBody> {
  return (await httpClient()).post('auth/request-reset-code', { json: { phone } }).json<MessageBody>();
}
