/**
 * The one HTTP client for Lenco's collection-status API. The real provider and
 * the offline sandbox speak the same format at different bases, so switching
 * between them is configuration only (config.payments.apiBase and keys).
 */

/** A fetch-like function: global fetch in production, injectable in tests. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

export interface CollectionStatus {
  reference: string;
  /** pending, successful, failed, otp-required, pay-offline, 3ds-auth-required, or what the provider says. */
  status: string;
  /** Decimal string as the provider sends it (for example '150.75'). */
  amount: string;
  currency: string;
  /** card or mobile-money, when the provider says. */
  channel: string | null;
  raw: unknown;
}

/** The provider could not be asked (network error, timeout, 5xx, 401, unreadable answer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LencoClientOptions {
  apiBase: string;
  secretKey: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface LencoClient {
  /** The collection, or null when the provider knows no collection with this reference (yet). */
  collectionStatus(reference: string): Promise<CollectionStatus | null>;
}

function asString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function envelopeStatus(body: string): unknown {
  try {
    return (JSON.parse(body) as { status?: unknown } | null)?.status;
  } catch {
    return undefined;
  }
}

export function createLencoClient(options: LencoClientOptions): LencoClient {
  return {
    async collectionStatus(reference) {
      const url = `${options.apiBase}/access/v2/collections/status/${encodeURIComponent(reference)}`;
      let status: number;
      let body: string;
      try {
        const response = await options.fetch(url, {
          method: 'GET',
          headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        body = await response.text();
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        throw new ProviderError(name === 'TimeoutError' || name === 'AbortError' ? 'provider timed out' : 'provider unreachable');
      }
      if (status === 404) return null;
      if (status === 400 || status === 422) {
        // Lenco answers an unknown reference with { status: false } (404, or a 4xx validation answer).
        if (envelopeStatus(body) === false) return null;
      }
      if (status < 200 || status >= 300) throw new ProviderError(`provider answered ${status}`, status);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new ProviderError('provider answer is not JSON', status);
      }
      const envelope = parsed as { status?: unknown; data?: Record<string, unknown> | null };
      const data = envelope?.data;
      if (!data || typeof data !== 'object') {
        // Lenco answers { status: false, data: null } for an unknown reference.
        if (envelope?.status === false) return null;
        throw new ProviderError('provider answer has no data', status);
      }
      const collectionStatus = asString(data.status);
      if (!collectionStatus) throw new ProviderError('provider answer has no status', status);
      return {
        reference: asString(data.reference) ?? '',
        status: collectionStatus.toLowerCase(),
        amount: asString(data.amount) ?? '',
        currency: (asString(data.currency) ?? '').toUpperCase(),
        channel: asString(data.type) ?? asString(data.channel),
        raw: parsed,
      };
    },
  };
}

/**
 * Amount in cents from a decimal string or number ('150.75', '150.750', 150.75),
 * or null when it is not a plain non-negative decimal with at most two
 * significant decimals. Exact: no floating point is involved for strings.
 */
export function toCents(value: string | number): number | null {
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}
