/**
 * Fee waiver codes (issue 16 item 4). Staff (an ADMIN for its own university,
 * a SUPERUSER for any) create codes for a university, optionally limited to
 * one of its intakes, with a number of uses and an expiry; the server makes
 * the code. An applicant applies one to an application of theirs that still
 * owes a fee: the fee is waived (recorded as a zero payment on the waiver
 * channel, so it looks paid everywhere), the application becomes ready for
 * review, with history and audit; no payment is initiated. Expiry is judged
 * at `ctx.clock` time. Codes are never written to logs or the audit log.
 */
import { randomInt } from 'node:crypto';
import {
  FEE_WAIVER_CHANNEL,
  FEE_WAIVER_MESSAGES,
  feeFor,
  feeOwed,
  PAYMENT_REVIEW_NOTE,
  WAIVER_CODE_ALPHABET,
  WAIVER_CODE_LENGTH,
  type FeeWaiver,
  type FeeWaiverApplied,
  type FeeWaiverCreate,
} from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { isUniqueViolation } from '../../infrastructure/database/sql';
import type { Actor } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { CATALOGUE_MESSAGES, inReach, universityExists } from '../catalogue';
import { paymentState } from '../payments';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type CreateBody = z.output<typeof FeeWaiverCreate>;

export const WAIVER_MESSAGES = {
  ...FEE_WAIVER_MESSAGES,
  notOwed: 'No fee is due for this application: it has already been paid or decided.',
  awaitingProvider: 'A payment for this application is waiting for confirmation from your mobile money provider. Check it first; a fee waiver code can be used if it fails.',
  expiresInPast: 'expiresAt: must be in the future',
  intakeElsewhere: "intakeId: this intake is not one of the university's intakes",
} as const;

export function newWaiverCode(): string {
  let code = '';
  for (let i = 0; i < WAIVER_CODE_LENGTH; i += 1) code += WAIVER_CODE_ALPHABET[randomInt(WAIVER_CODE_ALPHABET.length)];
  return code;
}

function waiverReference(applicationId: number): string {
  return `WAIVER-${applicationId}-${newWaiverCode()}`;
}

function toFeeWaiver(row: q.WaiverListRow, now: Date): FeeWaiver {
  return {
    id: row.id,
    universityId: row.universityId,
    intakeId: row.intakeId,
    intakeName: row.intakeName,
    code: row.code,
    maxUses: row.maxUses,
    uses: row.uses,
    usesLeft: Math.max(0, row.maxUses - row.uses),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An ADMIN reaches its own university only (anything else: 404, as for the catalogue), a SUPERUSER any. */
async function universityInReach(ctx: Ctx, actor: Actor, universityId: number): Promise<void> {
  const { caller } = actor;
  if (caller.role === 'ADMIN' && caller.universityId === null) throw forbidden(CATALOGUE_MESSAGES.noUniversity);
  if (!inReach(caller, universityId) || !(await universityExists(ctx, universityId))) throw notFound(CATALOGUE_MESSAGES.universityNotFound);
}

export async function listWaivers(ctx: Ctx, actor: Actor, universityId: number): Promise<FeeWaiver[]> {
  await universityInReach(ctx, actor, universityId);
  const now = ctx.clock.now();
  return (await q.waiversOfUniversity(ctx.db, universityId)).map((row) => toFeeWaiver(row, now));
}

export async function createWaiver(ctx: Ctx, actor: Actor, universityId: number, body: CreateBody): Promise<FeeWaiver> {
  await universityInReach(ctx, actor, universityId);
  const now = ctx.clock.now();
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt <= now) throw badRequest(WAIVER_MESSAGES.expiresInPast);
  const intakeId = body.intakeId ?? null;
  if (intakeId !== null && (await q.intakeUniversity(ctx.db, intakeId)) !== universityId) throw badRequest(WAIVER_MESSAGES.intakeElsewhere);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await q.insertWaiver(ctx.db, { universityId, intakeId, code: newWaiverCode(), maxUses: body.maxUses, expiresAt, createdBy: actor.caller.id });
      await audit(ctx, {
        actorId: actor.caller.id,
        actorEmail: actor.caller.email,
        action: 'fee_waiver.create',
        target: `fee_waiver:${row.id}`,
        outcome: 'success',
        ip: actor.ip,
        detail: `university:${universityId}${intakeId !== null ? ` intake:${intakeId}` : ''} uses:${body.maxUses}`,
      });
      return toFeeWaiver((await q.findWaiverWithIntake(ctx.db, row.id))!, now);
    } catch (error) {
      // Two codes alike (31^8 possibilities): draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** Applies a code to the caller's own application that still owes a fee; nothing changes when it is refused. */
export async function applyWaiver(ctx: Ctx, actor: Actor, applicationId: number, code: string): Promise<FeeWaiverApplied> {
  const { caller } = actor;
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const app = await q.lockApplication(tx, applicationId);
    if (!app || app.userId !== caller.id) throw notFound('Application not found');
    if (!feeOwed(app)) throw conflict(WAIVER_MESSAGES.notOwed);
    const waiver = await q.findWaiverByCode(tx, code);
    if (!waiver) throw badRequest(WAIVER_MESSAGES.unknown);
    if (waiver.universityId !== app.universityId) throw badRequest(WAIVER_MESSAGES.otherUniversity);
    if (waiver.intakeId !== null && waiver.intakeId !== app.intakeId) throw badRequest(WAIVER_MESSAGES.otherIntake);
    if (waiver.expiresAt <= now) throw conflict(WAIVER_MESSAGES.expired);
    if (waiver.uses >= waiver.maxUses) throw conflict(WAIVER_MESSAGES.usedUp);
    const open = await q.openPaymentOf(tx, app.id);
    if (open && paymentState({ status: open.status, providerStatus: open.providerStatus, providerReason: null }).awaitingProvider) throw conflict(WAIVER_MESSAGES.awaitingProvider);
    // The counter decides: of two applicants racing for the last use, the second finds none left.
    if (!(await q.claimUse(tx, waiver.id, now))) throw conflict(WAIVER_MESSAGES.usedUp);
    const closedReference = open && (await q.expireOpenPayment(tx, open.id)) ? open.reference : null;
    const fee = feeFor(await q.intakeFees(tx, app.intakeId), app.nationality);
    return q.recordWaiver(tx, {
      waiverId: waiver.id,
      application: app,
      userId: caller.id,
      reference: waiverReference(app.id),
      currency: fee.currency,
      channel: FEE_WAIVER_CHANNEL,
      reviewNote: PAYMENT_REVIEW_NOTE,
      actor: { id: caller.id, email: caller.email, ip: actor.ip },
      closedReference,
    });
  });
  return { message: WAIVER_MESSAGES.applied, applicationId, applicationStatus: outcome.status };
}
