/**
 * The device cookie of OWASP's authentication guidance: after a successful
 * sign-in the browser keeps a signed note "this device signed in to account
 * N before". A sign-in that presents it is not slowed by failures other
 * devices caused to that account, so an attacker elsewhere cannot keep the
 * owner out. It carries no personal data and proves nothing on its own (the
 * password is still checked); it is sent to /api/auth only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'portal_device';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function mac(secret: string, userId: number, deviceId: string): string {
  return createHmac('sha256', secret).update(`device-cookie:v1:${userId}:${deviceId}`).digest('base64url').slice(0, 32);
}

export interface Device {
  userId: number;
  deviceId: string;
}

/** A new device cookie's value for the account. */
export function issueDevice(secret: string, userId: number, deviceId = randomBytes(16).toString('base64url')): { value: string; device: Device } {
  return { value: `v1.${userId}.${deviceId}.${mac(secret, userId, deviceId)}`, device: { userId, deviceId } };
}

/** The device named by a cookie value, when its signature holds; null otherwise. */
export function readDevice(secret: string, value: string | undefined): Device | null {
  if (!value || value.length > 200) return null;
  const match = /^v1\.(\d{1,10})\.([\w-]{16,43})\.([\w-]{32})$/.exec(value);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId, match[2]!));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, deviceId: match[2]! };
}

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function deviceSetCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
