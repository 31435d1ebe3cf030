import { httpClient, type MessageBody, type ResetPasswordWithCodeRequest } from 'shared-api';

/** POST /api/auth/reset-password-code: the new password, with the phone number and the code the SMS carried. */
export async function resetPasswordWithCode(body: ResetPasswordWithCodeRequest): Promise<MessageBody> {
  return (await httpClient()).post('auth/reset-password-code', { json: body }).json<MessageBody>();
}
