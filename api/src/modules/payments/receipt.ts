/**
 * Payment receipts (issue 22): for an application's successful payment, the
 * receipt number, the date and time in Lusaka time, the amount, the channel
 * with the mobile-money number masked (or the card's last four digits), our
 * reference and the provider's, the application and the university. Read by
 * the applicant and by staff in reach (anyone else: 404), as JSON or a PDF,
 * and e-mailed through the outbox once the payment is recorded.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FEE_WAIVER_CHANNEL, type Receipt } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { findReceiptRow, type ReceiptRow } from './queries';
import { notFound } from '../../errors';
import { renderPdf } from '../../infrastructure/pdf';
import type { Caller } from '../../infrastructure/http/access';
import { sendMail } from '../../infrastructure/mail/outbox';
import { renderNoticeLines } from '../../infrastructure/mail/template';
import { wantsEmail } from '../notifications';

export const RECEIPT_NOT_FOUND = 'Receipt not found';
const ISSUER = 'UniPortal - university admissions';
const LUSAKA = 'Africa/Lusaka';

type Ctx = Pick<AppContext, 'db' | 'config' | 'database'>;

/** 097****000: enough to recognise one's own number, not enough to call it. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(Math.max(digits.length, 4));
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 6)}${digits.slice(-3)}`;
}

function lusakaText(at: Date): string {
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LUSAKA }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: LUSAKA }).format(at);
  return `${date}, ${time} (Lusaka time)`;
}

function stringAt(value: unknown, ...path: string[]): string | null {
  let current: unknown = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current.trim() ? current.trim() : null;
}

export function toReceipt(row: ReceiptRow): Receipt {
  const paidAt = row.paidAt ?? new Date(0);
  const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: LUSAKA }).format(paidAt);
  const phone = stringAt(row.providerPayload, 'data', 'mobileMoneyDetails', 'phone');
  const last4 = stringAt(row.providerPayload, 'data', 'cardDetails', 'last4');
  const channel =
    row.channel === 'mobile-money' ? 'Mobile money' : row.channel === 'card' ? 'Card' : row.channel === FEE_WAIVER_CHANNEL ? 'Fee waiver code (nothing was paid)' : 'Not reported by the provider';
  return {
    receiptNumber: `RCP-${year}-${String(row.paymentId).padStart(6, '0')}`,
    paidAt: paidAt.toISOString(),
    paidAtText: lusakaText(paidAt),
    amount: Number(row.amount),
    currency: row.currency,
    channel,
    payer: row.channel === 'mobile-money' && phone ? maskPhone(phone) : row.channel === 'card' && last4 ? `Card ending ${last4.replace(/\D/g, '').slice(-4)}` : null,
    reference: row.reference,
    providerReference: stringAt(row.providerPayload, 'data', 'lencoReference') ?? stringAt(row.providerPayload, 'data', 'id'),
    applicationId: row.applicationId,
    applicantName: row.applicantName,
    universityName: row.universityName,
  };
}

function inReach(caller: Caller, row: ReceiptRow): boolean {
  if (caller.role === 'SUPERUSER') return true;
  if (caller.role === 'USER') return row.userId === caller.id;
  return caller.universityId !== null && row.universityId === caller.universityId;
}

/** The receipt of an application, for its applicant or staff in reach; 404 otherwise or when nothing was paid. */
export async function receiptFor(ctx: Ctx, caller: Caller, applicationId: number): Promise<Receipt> {
  const row = await findReceiptRow(ctx.db, applicationId);
  if (!row || !inReach(caller, row)) throw notFound(RECEIPT_NOT_FOUND);
  return toReceipt(row);
}

function rowsOf(receipt: Receipt): [string, string][] {
  return [
    ['Receipt number', receipt.receiptNumber],
    ['Date and time', receipt.paidAtText],
    ['Amount', `${receipt.currency} ${receipt.amount.toFixed(2)}`],
    ['Paid by', receipt.payer ? `${receipt.channel}, ${receipt.payer}` : receipt.channel],
    ['Payment reference', receipt.reference],
    ['Provider reference', receipt.providerReference ?? 'Not given by the provider'],
    ['Application', `#${receipt.applicationId}, ${receipt.applicantName}`],
    ['University', receipt.universityName],
  ];
}

export async function receiptPdf(ctx: Ctx, caller: Caller, applicationId: number): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await receiptFor(ctx, caller, applicationId);
  const pdf = await renderPdf({
    issuer: ISSUER,
    title: 'Payment receipt',
    subtitle: `Application fee, ${receipt.universityName}`,
    sections: [{ rows: rowsOf(receipt) }],
    footer: 'Keep this receipt: your mobile money provider or bank may ask for it if you dispute the charge. The payment reference identifies this payment with the provider.',
  });
  return { fileName: `receipt-${receipt.receiptNumber}.pdf`, pdf };
}

/** The receipt e-mail, in plain text (the outbox keeps text; the PDF is on the application page). */
export function receiptMail(config: { publicUrl: string }, receipt: Receipt, to: string) {
  const lines = [
    `Dear ${receipt.applicantName},`,
    '',
    `We received your application fee for ${receipt.universityName}. Keep this receipt: your mobile money provider or bank may ask for it if you dispute the charge.`,
    '',
    ...rowsOf(receipt).map(([label, value]) => `${label}: ${value}`),
    '',
    'You can download this receipt as a PDF from your application when you sign in to the portal.',
  ];
  return renderNoticeLines(config, {
    to,
    subject: `Payment receipt ${receipt.receiptNumber}`,
    lines,
    link: { label: 'Download the receipt', url: `${config.publicUrl}/applications/${receipt.applicationId}` },
    universityName: receipt.universityName,
  });
}

/** E-mails the receipt once a payment is recorded; a failure never undoes the payment. */
export async function mailReceipt(ctx: Ctx, applicationId: number, log: Pick<FastifyBaseLogger, 'error'> | null): Promise<void> {
  try {
    const row = await findReceiptRow(ctx.db, applicationId);
    if (!row?.accountEmail) return;
    if (!(await wantsEmail(ctx, row.userId, 'PAYMENT'))) return;
    await sendMail(ctx, receiptMail(ctx.config, toReceipt(row), row.accountEmail));
  } catch (error) {
    log?.error({ err: error, applicationId }, 'could not queue the payment receipt');
  }
}
