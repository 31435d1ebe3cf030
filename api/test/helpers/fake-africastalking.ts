/**
 * A local stand-in for Africa's Talking's bulk SMS API (POST
 * /version1/messaging, form-encoded, apiKey header): it records every request
 * and answers each with the next scripted behaviour (then 'ok').
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'ok' | 'http500' | 'timeout' | 'invalid-number' | 'insufficient-balance';

export interface FakeRequest {
  headers: Record<string, string | string[] | undefined>;
  form: Record<string, string>;
}

export interface FakeAfricasTalking {
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  script: Behaviour[];
  /** messageId per accepted request, in order. */
  messageIds: string[];
  stop(): Promise<void>;
}

export async function startFakeAfricasTalking(apiKey = 'at-test-key-0123456789'): Promise<FakeAfricasTalking> {
  const requests: FakeRequest[] = [];
  const script: Behaviour[] = [];
  const messageIds: string[] = [];
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/version1/messaging') {
        res.writeHead(404).end('Not found');
        return;
      }
      if (req.headers.apikey !== apiKey) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ headers: req.headers, form });
      const behaviour = script.shift() ?? 'ok';
      const number = form.to ?? '';
      const answer = (code: number, status: string, messageId = 'None') =>
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: [{ statusCode: code, number, status, cost: code === 101 ? 'ZMW 0.3000' : '0', messageId }] } }));
      switch (behaviour) {
        case 'http500':
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        case 'timeout':
          setTimeout(() => (res.destroyed ? undefined : answer(101, 'Success', 'ATXid_late')), 2_000).unref();
          return;
        case 'invalid-number':
          answer(403, 'InvalidPhoneNumber');
          return;
        case 'insufficient-balance':
          answer(405, 'InsufficientBalance');
          return;
        default: {
          counter += 1;
          const id = `ATXid_fake_${counter}`;
          messageIds.push(id);
          answer(101, 'Success', id);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    script,
    messageIds,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
