/** The mark of the fallback module the runtime plugin returns for a remote that failed to load. */
export const REMOTE_FAILED = '__portalRemoteFailed';

export interface RemoteFailure {
  [REMOTE_FAILED]: true;
  id: string;
  default: () => null;
}

export function isRemoteFailure(value: unknown): value is RemoteFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REMOTE_FAILED] === true;
}

/** Thrown inside React.lazy so the remote's error boundary shows the failure message. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} is unavailable`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}
