/**
 * Lenco webhook signatures: `X-Lenco-Signature` is the hex HMAC-SHA512 of the
 * raw request body, keyed with the hex SHA-256 digest of the API secret key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function webhookSigningKey(secretKey: string): string {
  return createHash('sha256').update(secretKey).digest('hex');
}

export function signWebhook(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', webhookSigningKey(secretKey)).update(rawBody).digest('hex');
}

/** Constant-time check; false for a missing, malformed or wrong signature. */
export function verifyWebhookSignature(rawBody: Buffer, signature: string | string[] | undefined, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature.trim())) return false;
  const expected = Buffer.from(signWebhook(rawBody, secretKey), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
