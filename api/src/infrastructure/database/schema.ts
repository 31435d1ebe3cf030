/**
 * The database schema. Column names are snake_case in SQL and camelCase in
 * TypeScript; the wire names of the spec are produced by the mappers in
 * services, never by the schema.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const universities = pgTable(
  'universities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location'),
    website: text('website'),
    contactInfo: text('contact_info'),
    about: text('about'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('universities_name_idx').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['SUPERUSER', 'ADMIN', 'USER'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    universityId: integer('university_id').references(() => universities.id, { onDelete: 'restrict' }),
    /** Bumped on archive, password reset or role change: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    consentVersion: text('consent_version'),
    /** Set when the account was deleted at the applicant's request (personal data anonymised). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_role_university_idx').on(t.role, t.universityId), index('users_created_idx').on(t.createdAt, t.id)],
);

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    durationYears: integer('duration_years').notNull(),
    requirements: text('requirements'),
    careerOpportunities: text('career_opportunities'),
    faculty: text('faculty'),
    /** Grade 12 best-five points ceiling (issue 17 item 4, migration 0018): above it an application is flagged, not refused; null, none. */
    pointsCeiling: integer('points_ceiling'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('programs_university_idx').on(t.universityId, t.id),
    check('programs_duration_min', sql`${t.durationYears} >= 1`),
    check('programs_points_ceiling_range', sql`${t.pointsCeiling} between 5 and 45`),
  ],
);

/**
 * Admission rounds (issue 16, migration 0007): a university's window for
 * applications. Its state (upcoming, open, closed) is computed from the dates
 * at the moment of asking, never stored.
 */
export const intakes = pgTable(
  'intakes',
  {
    id: serial('id').primaryKey(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The fee per applicant category ([{category, amount, currency}]); empty: the spec's single fee. */
    fees: jsonb('fees').$type<{ category: string; amount: number; currency: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('intakes_university_opens_idx').on(t.universityId, t.opensAt), check('intakes_closes_after_opens', sql`${t.closesAt} > ${t.opensAt}`)],
);

/** The programs an intake offers, with its places in each (null: unlimited). */
export const intakePrograms = pgTable(
  'intake_programs',
  {
    intakeId: integer('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    capacity: integer('capacity'),
  },
  (t) => [primaryKey({ columns: [t.intakeId, t.programId] }), index('intake_programs_program_idx').on(t.programId), check('intake_programs_capacity_min', sql`${t.capacity} >= 0`)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    courseName: text('course_name').notNull(),
    courseDescription: text('course_description').notNull(),
    semester: integer('semester').notNull(),
    year: integer('year').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_program_idx').on(t.programId, t.id), index('courses_university_idx').on(t.universityId, t.id)],
);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['SUBMITTED', 'PENDING', 'PENDING_REVIEW', 'APPROVED', 'REJECTED', 'DOCUMENTS_REQUESTED', 'OFFERED', 'WAITLISTED', 'OFFER_DECLINED', 'OFFER_LAPSED'],
    }).notNull(),
    fullName: text('full_name').notNull(),
    gender: text('gender'),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    nationality: text('nationality').notNull(),
    province: text('province').notNull(),
    nationalRegNumber: text('national_reg_number').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    highestQualification: text('highest_qualification').notNull(),
    institutionAttended: text('institution_attended').notNull(),
    submissionDetails: text('submission_details'),
    programNotes: text('program_notes'),
    reviewNotes: text('review_notes'),
    approvedProgramId: integer('approved_program_id').references(() => programs.id, { onDelete: 'restrict' }),
    /** The intake applied into; null for a university without intakes (and every application made before them). */
    intakeId: integer('intake_id').references(() => intakes.id, { onDelete: 'restrict' }),
    paid: boolean('paid').notNull().default(false),
    /** The reviewer it is assigned to (issue 17 item 3): an ADMIN of its university or a SUPERUSER; null, nobody's yet. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Grade 12 (ECZ) results as given (issue 17 item 4, migration 0018): [{subject, grade}]; null, none given. */
    grade12Results: jsonb('grade12_results').$type<{ subject: string; grade: number }[]>(),
    /** Their best-five points (English plus the best four others), computed by the server at submission; null without results. */
    grade12Points: integer('grade12_points'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Assigned to me', newest first (issue 17, migration 0013).
    index('applications_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    // Sorting and filtering by Grade 12 points within a university (issue 17 item 4, migration 0018).
    index('applications_university_points_idx').on(t.universityId, t.grade12Points, t.id),
    // Also carries full_name, email and phone_number (INCLUDE, migration 0004),
    // so an ADMIN's search is counted from the index alone.
    index('applications_university_status_created_idx').on(t.universityId, t.status, t.createdAt, t.id),
    index('applications_university_created_idx').on(t.universityId, t.createdAt, t.id),
    index('applications_status_created_idx').on(t.status, t.createdAt, t.id),
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_user_created_idx').on(t.userId, t.createdAt),
    // Dashboard: distinct applicants per university (index-only scans).
    index('applications_university_user_idx').on(t.universityId, t.userId),
    // Every row of this table is a submitted application (drafts live in the
    // browser), so one row per applicant, university and intake is the rule;
    // applications without an intake (legacy, or universities without intakes) are not limited.
    uniqueIndex('applications_one_per_intake')
      .on(t.userId, t.universityId, t.intakeId)
      .where(sql`${t.intakeId} is not null`),
    // Capacity: accepted and pending applications of an intake, per program.
    index('applications_intake_status_idx')
      .on(t.intakeId, t.status, t.approvedProgramId)
      .where(sql`${t.intakeId} is not null`),
  ],
);

/*
 * Dashboard counters, kept exact by the database itself: triggers on
 * `applications` (migration 0001) update them in the same transaction as
 * every insert, status change or delete, so the staff dashboard reads a few
 * small rows instead of counting every application (flat cost as data grows).
 */

/** Applications per university and status. */
export const applicationStats = pgTable(
  'application_stats',
  {
    universityId: integer('university_id').notNull(),
    status: text('status').notNull(),
    applications: integer('applications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.status] })],
);

/** How many applications each applicant has at each university (the distinct-applicant count's basis). */
export const universityApplicants = pgTable(
  'university_applicants',
  {
    universityId: integer('university_id').notNull(),
    userId: integer('user_id').notNull(),
    applications: integer('applications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.userId] })],
);

/** Distinct applicants per university. */
export const universityStats = pgTable('university_stats', {
  universityId: integer('university_id').primaryKey(),
  students: integer('students').notNull().default(0),
});

/** How many applications each applicant has in all. */
export const applicantTotals = pgTable('applicant_totals', {
  userId: integer('user_id').primaryKey(),
  applications: integer('applications').notNull().default(0),
});

/** Platform-wide figures; one row per key ('students': distinct applicants). */
export const platformStats = pgTable('platform_stats', {
  key: text('key').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * One row: a number PostgreSQL raises, by deferred triggers (migration 0003),
 * in the same transaction as every write that can change what a staff list
 * page shows (applications, their choices, payments, files and history, the
 * applicant's or actor's name and contact, program and university names).
 * Each API instance caches staff list pages under the version read before
 * computing them and serves one only while the version is unchanged, so a
 * page is never stale, whichever instance made the write
 * (infrastructure/caches/staff-list-cache.ts).
 */
export const staffListVersion = pgTable(
  'staff_list_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('staff_list_version_one_row', sql`${t.id}`)],
);

/**
 * Tables the database derives from others (by trigger): never backed up or
 * restored. The counters are rebuilt as rows arrive; the staff list version
 * only needs to move, which every restored row makes it do.
 */
export const DERIVED_TABLES: readonly string[] = ['application_stats', 'university_applicants', 'university_stats', 'applicant_totals', 'platform_stats', 'staff_list_version'];

export const applicationChoices = pgTable(
  'application_choices',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    priority: integer('priority').notNull(),
  },
  (t) => [
    uniqueIndex('application_choices_priority_unique').on(t.applicationId, t.priority),
    uniqueIndex('application_choices_program_unique').on(t.applicationId, t.programId),
    index('application_choices_program_idx').on(t.programId),
  ],
);

export const applicationFiles = pgTable(
  'application_files',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'] }).notNull(),
    /** The applicant's file name, cleaned; shown and used for downloads only. */
    fileName: text('file_name').notNull(),
    /** The server-generated storage key; never derived from the upload's name. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Staff's check of the document (issue 17, migration 0011); `reason` only when REJECTED. */
    status: text('status', { enum: ['PENDING', 'VERIFIED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    /** False once the applicant uploaded a replacement: the old file stays for the history, not shown as current. */
    current: boolean('current').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('application_files_application_idx').on(t.applicationId), uniqueIndex('application_files_key_unique').on(t.storageKey)],
);

export const applicationHistory = pgTable(
  'application_history',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['STATUS', 'PAYMENT', 'DOCUMENT', 'ASSIGNMENT', 'LETTER', 'NOTE'] }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('application_history_application_idx').on(t.applicationId, t.createdAt)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** pending until the provider says successful or failed. */
    status: text('status').notNull().default('pending'),
    providerStatus: text('provider_status'),
    channel: text('channel'),
    providerPayload: jsonb('provider_payload'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_reference_unique').on(t.reference),
    // At most one open reference and one successful payment per application.
    uniqueIndex('payments_one_open_per_application')
      .on(t.applicationId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_one_success_per_application')
      .on(t.applicationId)
      .where(sql`${t.status} = 'successful'`),
    index('payments_application_idx').on(t.applicationId, t.createdAt),
    index('payments_open_idx').on(t.status, t.lastCheckedAt),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * An applicant an ADMIN has blocked from applying to its university (migration
 * 0006). An account spans universities, so an ADMIN never archives one: this is
 * the ADMIN's own, per-university decision; only a SUPERUSER archives the account.
 */
export const universityBlocks = pgTable(
  'university_blocks',
  {
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.userId] })],
);

/**
 * One row per sign-in (the `sid` claim of its token), checked on every
 * request: logging out deletes the row, so the token stops working at once
 * on every instance, while the account's other sessions carry on. 'Sign out
 * everywhere' deletes them all and bumps the token version.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url; never a secret on its own (the token's signature is). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The applicant's unfinished application (issue 16): one per applicant, as the
 * wizard keeps one local draft (key 'applicationDraft', which names its
 * university). `data` is the wizard's draft as the contract's DraftInput
 * checked it; `updated_at` is the version a client must have seen to
 * overwrite it, and drafts untouched for 180 days are removed. Staff never
 * read this table.
 */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('application_drafts_updated_idx').on(t.updatedAt)],
);

/**
 * Documents already chosen in a draft, stored like a submission's (same key
 * space, so at submission the row moves to `application_files` and the
 * stored object stays where it is: nothing is uploaded twice).
 */
export const applicationDraftFiles = pgTable(
  'application_draft_files',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => applicationDrafts.userId, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'] }).notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentType] }), uniqueIndex('application_draft_files_key_unique').on(t.storageKey)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    /** The HTML part of a notice (infrastructure/mail/template.ts); null for a plain-text message. */
    html: text('body_html'),
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscribers_email_unique').on(sql`lower(${t.email})`)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    detail: text('detail'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_action_idx').on(t.action, t.at)],
);

/**
 * Offline Lenco sandbox only: the outcome a tester chose in the sandbox
 * checkout, kept in the database so every instance answers the same.
 */
export const lencoSandboxCollections = pgTable('lenco_sandbox_collections', {
  reference: text('reference').primaryKey(),
  status: text('status').notNull(),
  channel: text('channel').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  /** For 'pending then success': when the collection turns successful. */
  succeedsAt: timestamp('succeeds_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Small key-value store for one-off facts (for example when demo data was loaded). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Intake reminders (issue 16, item 6): one row per applicant, intake and kind
 * once its e-mail is queued. The row is claimed (insert ... on conflict do
 * nothing) in the transaction that writes the mail to the outbox, so several
 * instances running the job at once send each reminder exactly once.
 */
export const intakeReminders = pgTable(
  'intake_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    intakeId: integer('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['DRAFT_72H', 'DRAFT_24H', 'UNPAID_72H', 'UNPAID_24H'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.intakeId, t.kind] }),
    index('intake_reminders_intake_idx').on(t.intakeId),
    check('intake_reminders_kind', sql`${t.kind} in ('DRAFT_72H', 'DRAFT_24H', 'UNPAID_72H', 'UNPAID_24H')`),
  ],
);

/* ---------- review workbench (issue 17, migration 0011) ---------- */

/**
 * Reviewer notes: internal to the staff of the application's university,
 * never in an applicant's response, an export or an e-mail. Erasing the
 * applicant deletes the notes on their applications.
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Fee waiver codes (issue 16 item 4, migration 0009): created by staff for a
 * university (optionally one intake), usable `maxUses` times until
 * `expiresAt`. `uses` is moved by one conditional update, so two applicants
 * racing for the last use cannot both win.
 */
export const feeWaivers = pgTable(
  'fee_waivers',
  {
    id: serial('id').primaryKey(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    /** A deleted intake takes its unused codes along (a used one means applications, which keep the intake). */
    intakeId: integer('intake_id').references(() => intakes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_waivers_code_unique').on(t.code),
    index('fee_waivers_university_idx').on(t.universityId, t.createdAt),
    check('fee_waivers_max_uses_min', sql`${t.maxUses} >= 1`),
    check('fee_waivers_uses_within', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/** Each use of a waiver code: one per application. */
export const feeWaiverUses = pgTable(
  'fee_waiver_uses',
  {
    id: serial('id').primaryKey(),
    waiverId: integer('waiver_id')
      .notNull()
      .references(() => feeWaivers.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fee_waiver_uses_application_unique').on(t.applicationId), index('fee_waiver_uses_waiver_idx').on(t.waiverId)],
);

/* ---------- SMS and notification preferences (issue 18, migration 0014) ---------- */

/**
 * Outgoing SMS (issue 18): every text is written here first, in the
 * transaction of the event it tells about, under an idempotency key (the
 * event), so one event is queued once whatever retries it. The worker claims
 * due rows (skip locked, with a lease) on any instance, sends them through
 * the provider and records the answer; a permanent refusal (an invalid
 * number) is 'failed' at once, a 5xx or a timeout is retried with back-off.
 * Delivery reports from the provider land in delivery_status. Erasing the
 * person deletes their rows (user_id, and the number itself).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    event: text('event').notNull(),
    to: text('to_number').notNull(),
    /** The text; a secret one (a reset code) is sealed at rest and removed once delivered. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    providerStatusCode: integer('provider_status_code'),
    cost: text('cost'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_outbox_idempotency_unique').on(t.idempotencyKey),
    index('sms_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('sms_outbox_provider_message_idx').on(t.providerMessageId),
    index('sms_outbox_user_idx').on(t.userId),
  ],
);

/**
 * Offline SMS sandbox only (no provider key): the messages the sandbox
 * accepted in Africa's Talking's shape, shown on its developer page. Kept in
 * the database so every instance shows the same.
 */
export const smsSandboxMessages = pgTable('sms_sandbox_messages', {
  id: serial('id').primaryKey(),
  messageId: text('message_id').notNull(),
  to: text('to_number').notNull(),
  sender: text('sender'),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * An applicant's choice of channels per event (issue 18): `choices` is
 * { [event]: { sms, email } } for the events they changed; the rest keep
 * the defaults. `smsConsentAt` is when they last agreed to receive SMS
 * (null while every SMS is off); `updatedAt` when they last saved.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb('choices').notNull(),
  smsConsentAt: timestamp('sms_consent_at', { withTimezone: true, mode: 'date' }),
  smsConsentVersion: text('sms_consent_version'),
  updatedAt: updatedAt(),
});

/**
 * The notification centre (issue 18 item 4): one row per message shown to one
 * account (`userId`, applicant or staff), written in the transaction of the
 * event it tells of. `kind` is the event (an applicant's NotificationEvent, or
 * a staff one: ASSIGNED, DOCUMENT_UPLOADED, OFFER_ANSWERED); `link` a path of
 * the portal; `dedupeKey` names an occurrence told once (an applicant event's
 * SMS key), null for those that may repeat. Never a reviewer note or a
 * document number. Deleted with the account, and with the application.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell's count reads only the unread ones.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_unique').on(t.userId, t.dedupeKey),
    index('notifications_application_idx').on(t.applicationId),
  ],
);

/**
 * Password reset by SMS code (issue 18 item 5): the code's SHA-256 only,
 * valid until `expiresAt`, at most `maxAttempts` wrong tries; a new request
 * replaces the old code.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_codes_user_unique').on(t.userId)],
);

/* ---------- offers and decision letters (issue 17 items 5 and 6) ---------- */

/**
 * An offer of a place: made by staff instead of a plain acceptance, answered
 * by the applicant before `replyBy`, else lapsed by the periodic job. Every
 * change of `state` is one conditional update from OPEN, so an answer and the
 * job (on any number of instances) cannot both win. An open offer holds a
 * place of the intake's program, as an acceptance does. At most one open
 * offer per application.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['UNCONDITIONAL', 'CONDITIONAL'] }).notNull(),
    conditions: text('conditions'),
    replyBy: timestamp('reply_by', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state', { enum: ['OPEN', 'ACCEPTED', 'DECLINED', 'LAPSED'] })
      .notNull()
      .default('OPEN'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    /** When the 48-hour warning was claimed (issue 18): set once, in the transaction that queues it. */
    lapseWarnedAt: timestamp('lapse_warned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('offers_application_idx').on(t.applicationId, t.createdAt),
    // The lapse job reads open offers by deadline.
    index('offers_open_reply_by_idx')
      .on(t.replyBy)
      .where(sql`${t.state} = 'OPEN'`),
    uniqueIndex('offers_one_open_per_application')
      .on(t.applicationId)
      .where(sql`${t.state} = 'OPEN'`),
    check('offers_state', sql`${t.state} in ('OPEN', 'ACCEPTED', 'DECLINED', 'LAPSED')`),
    check('offers_type', sql`${t.type} in ('UNCONDITIONAL', 'CONDITIONAL')`),
  ],
);

/**
 * A decision letter: the PDF is drawn from the application when downloaded;
 * the row keeps what makes it checkable, its unguessable verification code.
 * Erasing the applicant deletes their letters (the code no longer verifies).
 */
export const decisionLetters = pgTable(
  'decision_letters',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['OFFER', 'DECLINE'] }).notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('decision_letters_code_unique').on(t.code),
    index('decision_letters_application_idx').on(t.applicationId),
    check('decision_letters_kind', sql`${t.kind} in ('OFFER', 'DECLINE')`),
  ],
);

/**
 * Resumable document uploads (tus, issue 19): a row from the moment an
 * applicant starts one, so ownership is known before a byte arrives.
 * `completedAt` is set once every byte is in, sniffed and copied into the
 * document storage under `storageKey`; the submission then attaches it to
 * its application (once only). The orphan sweep removes the unattached ones.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    /** The tus upload id (random, in the upload's URL). */
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** Upload-Length announced at creation. */
    size: integer('size').notNull(),
    /** Known on completion (sniffed from the bytes). */
    contentType: text('content_type'),
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    attachedApplicationId: integer('attached_application_id').references(() => applications.id, { onDelete: 'cascade' }),
  },
  (t) => [index('document_uploads_owner_idx').on(t.ownerId), uniqueIndex('document_uploads_key_unique').on(t.storageKey), index('document_uploads_created_idx').on(t.createdAt)],
);
