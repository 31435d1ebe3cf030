/**
 * A small S3 client (path-style, Signature V4 with an unsigned payload) for the
 * few calls the portal needs: put, get, head, delete and list objects, and
 * create a bucket. Bodies are streamed both ways, so a file is never held whole
 * in memory. Works with AWS S3, MinIO and s3rver.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3Error extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value).digest();

export class S3Client {
  private readonly endpoint: URL;

  constructor(private readonly settings: S3Settings) {
    this.endpoint = new URL(settings.endpoint);
  }

  private objectPath(key?: string): string {
    const base = `/${encodeSegment(this.settings.bucket)}`;
    return key === undefined ? base : `${base}/${key.split('/').map(encodeSegment).join('/')}`;
  }

  private sign(method: string, path: string, query: Record<string, string>, headers: Record<string, string>) {
    return signV4({
      method,
      host: this.endpoint.host,
      path,
      query,
      headers,
      payloadHash: 'UNSIGNED-PAYLOAD',
      date: new Date(),
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
    });
  }

  private request(
    method: string,
    options: { key?: string; query?: Record<string, string>; headers?: Record<string, string>; body?: Readable | Buffer; bucketOnly?: boolean },
  ): Promise<http.IncomingMessage> {
    const path = this.objectPath(options.bucketOnly ? undefined : options.key);
    const { query: canonicalQuery, ...headers } = this.sign(method, path, options.query ?? {}, options.headers ?? {});
    const transport = this.endpoint.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          method,
          hostname: this.endpoint.hostname,
          port: this.endpoint.port || (this.endpoint.protocol === 'https:' ? 443 : 80),
          path: canonicalQuery ? `${path}?${canonicalQuery}` : path,
          headers,
          timeout: 60_000,
        },
        async (res) => {
          if ((res.statusCode ?? 500) < 300) return resolve(res);
          let text = '';
          for await (const chunk of res) text += chunk;
          const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? `HTTP${res.statusCode}`;
          reject(new S3Error(res.statusCode ?? 500, code, `S3 ${method} ${path} failed: ${code}`));
        },
      );
      req.on('timeout', () => req.destroy(new Error('S3 request timed out')));
      req.on('error', reject);
      if (!options.body) req.end();
      else if (Buffer.isBuffer(options.body)) req.end(options.body);
      else {
        options.body.on('error', (error) => req.destroy(error));
        options.body.pipe(req);
      }
    });
  }

  async createBucket(): Promise<void> {
    try {
      (await this.request('PUT', { bucketOnly: true })).resume();
    } catch (error) {
      if (error instanceof S3Error && (error.code === 'BucketAlreadyOwnedByYou' || error.code === 'BucketAlreadyExists')) return;
      throw error;
    }
  }

  async putObject(key: string, body: Readable | Buffer, length: number, contentType: string): Promise<void> {
    const res = await this.request('PUT', { key, body, headers: { 'content-length': String(length), 'content-type': contentType } });
    res.resume();
  }

  /** The object's body as a stream; 404 becomes an S3Error with code NoSuchKey. */
  getObject(key: string): Promise<http.IncomingMessage> {
    return this.request('GET', { key });
  }

  async deleteObject(key: string): Promise<void> {
    (await this.request('DELETE', { key })).resume();
  }

  /** Every object under a prefix with its modification time, a page (up to 1,000) at a time. */
  async *listObjects(prefix = ''): AsyncGenerator<{ key: string; lastModified: Date }> {
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (token) query['continuation-token'] = token;
      const res = await this.request('GET', { bucketOnly: true, query });
      let xml = '';
      for await (const chunk of res) xml += chunk;
      for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]+)<\/Key>/.exec(contents!)?.[1];
        const modified = /<LastModified>([^<]+)<\/LastModified>/.exec(contents!)?.[1];
        if (key) yield { key: decodeXml(key), lastModified: modified ? new Date(modified) : new Date(0) };
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] : undefined;
      if (token) token = decodeXml(token);
    } while (token);
  }
}

export interface SignInput {
  method: string;
  host: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The payload's hex SHA-256, or 'UNSIGNED-PAYLOAD' for streamed bodies. */
  payloadHash: string;
  date: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** AWS Signature Version 4 for S3: the headers to send, with the canonical query string. */
export function signV4(input: SignInput): Record<string, string> & { query: string } {
  const amzDate = input.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const all: Record<string, string> = { ...input.headers, host: input.host, 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': amzDate };
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const names = Object.keys(lower).sort();
  const canonicalQuery = Object.keys(input.query)
    .sort()
    .map((k) => `${encodeSegment(k)}=${encodeSegment(input.query[k]!)}`)
    .join('&');
  const canonicalRequest = [input.method, input.path, canonicalQuery, names.map((n) => `${n}:${lower[n]}\n`).join(''), names.join(';'), input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...lower,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    query: canonicalQuery,
  };
}

function decodeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
