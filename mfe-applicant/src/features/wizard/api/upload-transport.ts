/**
 * A fetch for ky that reports upload progress.
 *
 * fetch() cannot tell how much of a request body has been sent: ky's
 * onUploadProgress streams the body instead, which Chromium allows only over
 * HTTP/2 or HTTP/3 and refuses over HTTP/1.1, where the portal usually runs.
 * XMLHttpRequest reports upload progress on every protocol, so the one
 * request that needs it (the application with its four documents) still goes
 * through ky (hooks, token, errors, timeout) with this as ky's `fetch`.
 */
export type UploadProgress = (sent: number, total: number) => void;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the Headers class refuses is not one the portal reads.
    }
  }
  return headers;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function fetchReportingUploadProgress(onProgress: UploadProgress): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = request.signal;
    if (signal.aborted) throw abortError(signal);
    // The encoded multipart body, boundary included in the Content-Type header;
    // a Blob refers to the chosen files rather than copying them.
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();

    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url, true);
      xhr.responseType = 'blob';
      xhr.withCredentials = request.credentials === 'include';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        const status = xhr.status;
        const blob = xhr.response as Blob | null;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : blob, {
            status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      // ky recognises this exact message as a network failure, as it does fetch's own.
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
      const onAbort = () => {
        xhr.abort();
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      xhr.onloadend = () => signal.removeEventListener('abort', onAbort);
      xhr.send(body);
    });
  };
}
