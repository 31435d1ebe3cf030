/**
 * Shared pieces of the payment tests: an application straight in the
 * database, the sandbox checkout as the widget calls it, and counters of what
 * changed (payments, history, application state).
 */
import { and, eq } from 'drizzle-orm';
import { applicationHistory, applications, payments } from '../../src/infrastructure/database/schema';
import { paymentsOf } from '../../src/modules/payments/service';
import { signWebhook } from '../../src/modules/payments/signature';
import { applicationRow as applicationValues, call, type TestUser } from './fixtures';
import type { TestApp } from './test-app';

export async function createApplication(t: TestApp, user: TestUser, universityId: number, extra: Partial<typeof applications.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(applications)
    .values(applicationValues(user.id, universityId, { fullName: 'Mwila Banda', email: user.email, dateOfBirth: '2004-05-06', institutionAttended: 'Kabulonga Secondary', ...extra }))
    .returning();
  return row!;
}

export async function initiate(t: TestApp, user: TestUser, applicationId: number) {
  return call(t, 'POST', '/api/payments/initiate', { token: user.token, json: { applicationId, email: user.email, amount: 150.75, currency: 'ZMW' } });
}

/** What the sandbox widget posts when the tester picks an outcome. */
export async function sandboxOutcome(
  t: TestApp,
  reference: string,
  outcome: 'success' | 'failure' | 'pending-then-success',
  extra: { amount?: number | string; currency?: string; channel?: 'card' | 'mobile-money'; key?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/lenco/outcome',
    payload: {
      key: extra.key ?? t.config.payments.publicKey,
      reference,
      amount: extra.amount ?? 150.75,
      currency: extra.currency ?? 'ZMW',
      channel: extra.channel ?? 'mobile-money',
      outcome,
    },
  });
}

export async function paymentRow(t: TestApp, reference: string) {
  const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

export async function applicationRow(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

export async function historyOf(t: TestApp, applicationId: number, kind?: 'PAYMENT' | 'STATUS') {
  return t.ctx.db
    .select()
    .from(applicationHistory)
    .where(kind ? and(eq(applicationHistory.applicationId, applicationId), eq(applicationHistory.kind, kind)) : eq(applicationHistory.applicationId, applicationId));
}

export function postWebhook(t: TestApp, body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-lenco-signature': signature } : {}) },
    payload: body,
  });
}

export function signedWebhook(t: TestApp, event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  return { body, signature: signWebhook(body, t.config.payments.secretKey) };
}

/** Waits for webhook processing and sandbox deliveries that run after their answer. */
export function settle(t: TestApp) {
  return paymentsOf(t.ctx).drain();
}
