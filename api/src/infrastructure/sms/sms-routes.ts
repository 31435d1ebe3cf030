/**
 * The SMS channel's HTTP side:
 * - POST /api/sms/delivery-reports: the provider's delivery reports (form
 *   fields id, status, phoneNumber, failureReason, ... as Africa's Talking
 *   posts them, or JSON), authenticated by SMS_DELIVERY_REPORT_SECRET in the
 *   callback URL (?key=) or the x-sms-report-key header. Without a secret
 *   configured the route answers 404; a wrong or missing one 401.
 * - the offline sandbox (SMS mode 'sandbox'): Africa's Talking's bulk SMS
 *   endpoint at /sandbox/africastalking/version1/messaging, which accepts
 *   texts and keeps them, and the developer page /sandbox/sms listing them
 *   (answered from this machine only: the page shows reset codes).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlainString } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../errors';
import { recordDeliveryReport } from './outbox';
import { insertSandboxMessage, latestSandboxMessages } from './queries';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const E164 = /^\+[1-9]\d{7,14}$/;

const field = (max: number) => PlainString.trim().max(max);
const DeliveryReportBody = z
  .object({
    id: field(100).min(1, 'is required'),
    status: field(40).min(1, 'is required'),
    phoneNumber: field(20).optional(),
    failureReason: field(100).optional(),
    networkCode: field(10).optional(),
    retryCount: field(5).optional(),
  })
  .passthrough();

const SandboxMessagingBody = z
  .object({
    username: z.string().max(100),
    to: z.string().max(2000),
    message: z.string().max(1600),
    from: z.string().max(20).optional(),
  })
  .passthrough();

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function formParser(_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

export async function smsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, formParser as never);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/sms/delivery-reports',
      {
        config: { access: 'webhook' },
        schema: {
          tags: ['sms'],
          summary: "The SMS provider's delivery report (Africa's Talking's form fields)",
          body: DeliveryReportBody,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      // Checked once the body is valid: without a configured secret 404, a wrong or missing key 401.
      async (request) => {
        const secret = ctx.config.sms.deliveryReportSecret;
        if (!secret) throw notFound();
        const header = request.headers['x-sms-report-key'];
        // The key of the callback URL (?key=) is compared, never validated or echoed: anything else is simply not the key.
        const query = request.query as Record<string, unknown> | undefined;
        const given = typeof query?.key === 'string' ? query.key : typeof header === 'string' ? header : undefined;
        if (!sameSecret(given, secret)) throw unauthorized('Invalid delivery report key');
        const known = await recordDeliveryReport(ctx, { id: request.body.id, status: request.body.status, failureReason: request.body.failureReason ?? null });
        // An unknown id is acknowledged all the same: the provider would otherwise retry it forever.
        return { message: known ? 'Recorded' : 'Unknown message' };
      },
    );

    if (ctx.config.sms.mode !== 'sandbox') return;
    if (ctx.config.env === 'production') app.log.warn('SMS goes to the offline sandbox (no AFRICASTALKING_API_KEY): nothing reaches a phone; texts are shown at /sandbox/sms.');

    r.post('/sandbox/africastalking/version1/messaging', { schema: { hide: true, body: SandboxMessagingBody } }, async (request, reply) => {
      if (request.headers.apikey !== ctx.config.sms.apiKey || request.body.username !== ctx.config.sms.username) {
        return reply.code(401).type('text/plain').send('The supplied authentication is invalid');
      }
      const recipients = [];
      for (const number of request.body.to.split(',').map((n) => n.trim())) {
        if (!E164.test(number)) {
          recipients.push({ statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' });
          continue;
        }
        const messageId = `ATXid_sandbox_${randomUUID().replace(/-/g, '')}`;
        await insertSandboxMessage(ctx.db, { messageId, to: number, sender: request.body.from ?? null, body: request.body.message });
        recipients.push({ statusCode: 101, number, status: 'Success', cost: 'ZMW 0.0000', messageId });
      }
      const sent = recipients.filter((x) => x.statusCode === 101).length;
      return reply.code(201).send({ SMSMessageData: { Message: `Sent to ${sent}/${recipients.length} Total Cost: ZMW 0.0000`, Recipients: recipients } });
    });

    r.get(
      '/sandbox/sms',
      { schema: { hide: true, querystring: z.object({ to: z.string().trim().max(20).optional(), format: z.enum(['html', 'json']).optional() }).strict() } },
      async (request, reply) => {
        if (!LOOPBACK.has(request.ip)) throw notFound();
        const rows = await latestSandboxMessages(ctx.db, 100, request.query.to || undefined);
        reply.header('cache-control', 'no-store');
        if (request.query.format === 'json') {
          return reply.send({ messages: rows.map((m) => ({ id: m.messageId, to: m.to, from: m.sender, text: m.body, at: m.createdAt.toISOString() })) });
        }
        return reply.type('text/html; charset=utf-8').send(sandboxPage(rows));
      },
    );
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sandboxPage(rows: Array<{ messageId: string; to: string; sender: string | null; body: string; createdAt: Date }>): string {
  const items = rows
    .map(
      (m) =>
        `<li><p class="meta"><strong>To ${escape(m.to)}</strong>${m.sender ? ` from ${escape(m.sender)}` : ''} · <time>${escape(m.createdAt.toISOString())}</time></p><p class="text">${escape(m.body)}</p></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS sandbox</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{border:1px solid #ccc;border-radius:.5rem;padding:.5rem 1rem;margin:.5rem 0}.meta{color:#555;font-size:.9rem;margin:.25rem 0}.text{white-space:pre-wrap;margin:.25rem 0}</style></head><body><h1>SMS sandbox</h1><p>Texts the portal sent while no SMS provider is configured (newest first). Nothing here reached a phone.</p>${rows.length ? `<ul>${items}</ul>` : '<p>No text yet.</p>'}</body></html>`;
}
