/**
 * Secrets kept at rest (the body of a reset mail in the outbox): AES-256-GCM
 * under a key derived from the server's JWT secret, so a copy of the
 * database or a backup alone does not hold a usable reset link.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'uniportal', 'mail-outbox-v1', 32));
}

export function seal(secret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function isSealed(text: string): boolean {
  return text.startsWith(PREFIX);
}

/** The text of a sealed value (plain values are returned as they are); throws if it was altered or sealed under another secret. */
export function unseal(secret: string, text: string): string {
  if (!isSealed(text)) return text;
  const raw = Buffer.from(text.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
