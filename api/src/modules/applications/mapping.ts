/**
 * The contract's `Application` (spec names included) from an application read
 * with its relations, and the staff's duplicate flags.
 */
import { DECIDABLE_STATUSES, FEE_WAIVER_CHANNEL, feeFor, type Application, type ApplicationFile, type Payment } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { paymentState } from '../payments';
import { isStaffOnlyHistory, toHistoryEntry } from './history';
import { duplicateApplicationIds, relationsOf, type ApplicationRelations, type ApplicationRow, type FileData, type LoadedApplication, type PaymentData } from './queries';
import { canDecide, isStaff } from './reach';

export function durationLabel(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

export function personName(person: { firstName: string | null; lastName: string | null }): string {
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
}

function fileUrl(fileId: number): string {
  return `/api/files/${fileId}`;
}

export function toApplicationFile(row: FileData): ApplicationFile {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.contentType,
    documentType: row.documentType,
    size: row.size,
    url: fileUrl(row.id),
    status: row.status,
    reason: row.status === 'REJECTED' ? row.reason : null,
  };
}

function toPayment(data: PaymentData): Payment {
  return {
    reference: data.reference,
    amount: Number(data.amount),
    currency: data.currency,
    status: data.status,
    channel: data.channel,
    paidAt: data.paidAt,
    ...paymentState(data),
  };
}

/** Maps an application read with its relations (one statement, see queries.ts) to the contract's Application. */
export function toLoadedApplication(row: LoadedApplication, viewer: Caller): Application {
  const appChoices = row.choices.map((c) => ({
    id: c.id,
    priority: c.priority,
    programId: c.programId,
    programName: c.programName,
    program: {
      id: c.programId,
      name: c.programName,
      duration: durationLabel(c.durationYears),
      durationYears: c.durationYears,
      university: { id: c.universityId, name: c.universityName },
    },
  }));
  const chosen = row.approvedProgram;
  const first = appChoices[0];
  const program = chosen
    ? { id: chosen.id, name: chosen.name, duration: durationLabel(chosen.durationYears) }
    : first
      ? { id: first.programId, name: first.programName, duration: first.program.duration }
      : null;
  const paymentRow = row.payment;
  const person = row.applicant;
  const mayseeNrc = viewer.id === row.userId || canDecide(viewer, row);
  // Who reviews an application is the staff's business (issue 17): an applicant sees neither the assignee nor its history.
  const staffView = isStaff(viewer);
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    status: row.status,
    fullName: row.fullName,
    applicantName: row.fullName,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    dateOfBirth: row.dateOfBirth,
    nationality: row.nationality,
    provice: row.province,
    province: row.province,
    ...(mayseeNrc ? { nationalRegNumber: row.nationalRegNumber } : {}),
    country: row.country,
    city: row.city,
    applicationDate: created,
    createdAt: created,
    submittedAt: created,
    lastUpdated: row.updatedAt.toISOString(),
    highestQualification: row.highestQualification,
    institutionAttended: row.institutionAttended,
    submissionDetails: row.submissionDetails,
    programNotes: row.programNotes,
    reviewNotes: row.reviewNotes,
    universityId: row.universityId,
    university: { id: row.universityId, name: row.universityName ?? '' },
    intake: row.intake ? { id: row.intake.id, name: row.intake.name, closesAt: row.intake.closesAt } : null,
    programId: program?.id ?? null,
    program,
    programChoices: appChoices,
    paid: row.paid || paymentRow?.status === 'successful',
    payment: paymentRow ? toPayment(paymentRow) : null,
    fee: feeFor(row.intake?.fees, row.nationality),
    waived: paymentRow?.status === 'successful' && paymentRow.channel === FEE_WAIVER_CHANNEL,
    user: {
      id: row.userId,
      fullName: person ? `${person.firstName} ${person.lastName}`.trim() : row.fullName,
      email: person?.email ?? row.email,
      phone: person?.phone ?? null,
    },
    files: row.files.map(toApplicationFile),
    history: (staffView ? row.history : row.history.filter((h) => !isStaffOnlyHistory(h.kind))).map(toHistoryEntry),
    grade12Results: (row.grade12Results ?? []) as Application['grade12Results'],
    points: row.grade12Points,
    // Staff only, like the duplicate flag: above the ceiling of any program chosen; a flag for review, never a refusal.
    ...(staffView ? { pointsAboveCeiling: row.grade12Points !== null && row.choices.some((c) => c.pointsCeiling !== null && row.grade12Points! > c.pointsCeiling) } : {}),
    ...(staffView ? { assignee: row.assignee ? { id: row.assignee.id, name: personName(row.assignee) } : null } : {}),
  };
}

/**
 * Flags, for staff, the open applications whose applicant has another open
 * application to the same university (spec: staff see duplicates on both).
 * Applicants never see the flag.
 */
export async function withDuplicateFlags(db: Executor, items: Application[], viewer: Caller): Promise<Application[]> {
  if (!isStaff(viewer) || items.length === 0) return items;
  const duplicates = await duplicateApplicationIds(
    db,
    items.map((a) => a.id),
    DECIDABLE_STATUSES,
  );
  return items.map((a) => ({ ...a, duplicate: duplicates.has(a.id) }));
}

/** Relations of an application that vanished between reading its row and its relations. */
const NO_RELATIONS: ApplicationRelations = { choices: [], payment: null, files: [], history: [], applicant: null, approvedProgram: null, assignee: null, universityName: null, intake: null };

/** Maps rows already read, loading the relations of all of them in one statement. */
export async function toApplications(db: Executor, rows: ApplicationRow[], viewer: Caller): Promise<Application[]> {
  if (rows.length === 0) return [];
  const relations = await relationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toLoadedApplication({ ...row, ...(relations.get(row.id) ?? NO_RELATIONS) }, viewer));
}

export async function toApplication(db: Executor, row: ApplicationRow, viewer: Caller): Promise<Application> {
  const [mapped] = await toApplications(db, [row], viewer);
  return mapped!;
}
