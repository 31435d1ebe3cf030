/**
 * The SMS provider: Africa's Talking's bulk SMS API. One POST to
 * {base}/version1/messaging, form-encoded (username, to, message, from), the
 * API key in the `apiKey` header, JSON asked for; the answer lists each
 * recipient with its status code. The offline sandbox (sandbox-routes.ts)
 * answers the same requests at a path of this server.
 *
 * What an answer means for the outbox:
 * - a recipient code 100/101/102 (Processed, Sent, Queued): sent;
 * - 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType,
 *   406 UserInBlacklist, 409 DoNotDisturbRejection: permanent, never retried;
 * - anything else (401 RiskHold, 405 InsufficientBalance, 407 CouldNotRoute,
 *   5xx), an HTTP 5xx, 429, 401, a network error or a timeout: retried.
 */

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;

export interface SmsSendResult {
  outcome: 'sent' | 'permanent' | 'retry';
  /** Provider's message id (sent), its status code and cost, when it answered. */
  messageId?: string;
  statusCode?: number;
  cost?: string;
  /** Why it failed, in words fit for the outbox (no number, no text). */
  reason?: string;
}

export interface SmsProviderOptions {
  apiBase: string;
  username: string;
  apiKey: string;
  senderId: string | null;
  fetch: FetchLike;
  timeoutMs: number;
}

const SENT_CODES = new Set([100, 101, 102]);
const PERMANENT_CODES = new Set([402, 403, 404, 406, 409]);

interface Recipient {
  status?: unknown;
  statusCode?: unknown;
  messageId?: unknown;
  cost?: unknown;
  number?: unknown;
}

/** Sends one text to one number (E.164) and says what the provider made of it. */
export async function sendThroughAfricasTalking(options: SmsProviderOptions, to: string, message: string): Promise<SmsSendResult> {
  const form = new URLSearchParams({ username: options.username, to, message });
  if (options.senderId) form.set('from', options.senderId);
  let status: number;
  let text: string;
  try {
    const response = await options.fetch(`${options.apiBase}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: options.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { outcome: 'retry', reason: timedOut ? `provider did not answer within ${options.timeoutMs} ms` : 'provider unreachable' };
  }
  if (status >= 500 || status === 429 || status === 401 || status === 403) return { outcome: 'retry', reason: `provider answered HTTP ${status}` };
  if (status >= 400) return { outcome: 'permanent', reason: `provider refused the request (HTTP ${status})` };
  let recipient: Recipient | undefined;
  try {
    const body = JSON.parse(text) as { SMSMessageData?: { Recipients?: Recipient[]; Message?: unknown } };
    recipient = body.SMSMessageData?.Recipients?.[0];
  } catch {
    return { outcome: 'retry', reason: `provider answered HTTP ${status} without JSON` };
  }
  if (!recipient) return { outcome: 'permanent', reason: 'provider accepted no recipient (invalid number)' };
  const code = Number(recipient.statusCode);
  const base = {
    statusCode: Number.isFinite(code) ? code : undefined,
    ...(typeof recipient.messageId === 'string' && recipient.messageId !== 'None' ? { messageId: recipient.messageId } : {}),
    ...(typeof recipient.cost === 'string' ? { cost: recipient.cost } : {}),
  };
  const label = typeof recipient.status === 'string' ? recipient.status.slice(0, 60) : 'unknown';
  if (SENT_CODES.has(code)) return { outcome: 'sent', ...base };
  if (PERMANENT_CODES.has(code)) return { outcome: 'permanent', ...base, reason: `${label} (${code})` };
  return { outcome: 'retry', ...base, reason: `${label} (${Number.isFinite(code) ? code : 'no code'})` };
}
