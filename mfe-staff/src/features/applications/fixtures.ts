import type { Application, ApplicationOffer } from 'shared-api';

/** A complete application as the API returns it, for the tests. */
export function makeApplication(id: number, extra: Partial<Application> = {}): Application {
  return {
    id,
    status: 'PENDING',
    fullName: `Applicant ${id}`,
    applicantName: `Applicant ${id}`,
    gender: 'Female',
    email: `applicant${id}@example.com`,
    phoneNumber: '+260971000000',
    dateOfBirth: '2004-05-06',
    nationality: 'Zambian',
    provice: 'Lusaka Province',
    province: 'Lusaka Province',
    country: 'Zambia',
    city: 'Lusaka',
    applicationDate: '2026-11-01T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    submittedAt: '2026-11-01T10:00:00.000Z',
    lastUpdated: '2026-11-02T10:00:00.000Z',
    highestQualification: 'Grade 12',
    institutionAttended: 'Kabulonga Girls',
    submissionDetails: 'Transcript attached',
    programNotes: 'Prefers evening classes',
    reviewNotes: null,
    universityId: 7,
    university: { id: 7, name: 'UNZA' },
    programId: 11,
    program: { id: 11, name: 'Law', duration: '4 years' },
    programChoices: [
      { id: 1, priority: 1, programId: 11, programName: 'Law', program: { id: 11, name: 'Law', duration: '4 years', durationYears: 4, university: { id: 7, name: 'UNZA' } } },
      { id: 2, priority: 2, programId: 12, programName: 'Medicine', program: { id: 12, name: 'Medicine', duration: '7 years', durationYears: 7, university: { id: 7, name: 'UNZA' } } },
    ],
    paid: true,
    payment: { reference: 'REF-123456', amount: 150.75, currency: 'ZMW', status: 'successful', channel: 'card', paidAt: null, awaitingProvider: false, failureReason: null },
    user: { id: 40, fullName: `Applicant ${id}`, email: `applicant${id}@example.com`, phone: null },
    files: [],
    history: [
      { id: 1, at: '2026-11-01T10:00:00.000Z', kind: 'STATUS', from: null, to: 'PENDING', note: 'Submitted', actor: null },
      { id: 2, at: '2026-11-02T10:00:00.000Z', kind: 'PAYMENT', from: 'PENDING', to: 'PENDING_REVIEW', note: 'Payment completed - application ready for review', actor: null },
    ],
    ...extra,
  };
}

/** An open offer of Medicine on application 1 with its letter, as the API returns it; `offer` changes the offer's fields. */
export function makeOffer(offer: Partial<NonNullable<ApplicationOffer['offer']>> = {}): ApplicationOffer {
  return {
    offer: {
      id: 7,
      applicationId: 1,
      programId: 11,
      programName: 'Medicine',
      type: 'UNCONDITIONAL',
      conditions: null,
      replyBy: '2026-12-11T08:00:00.000Z',
      state: 'OPEN',
      createdAt: '2026-11-27T08:00:00.000Z',
      answeredAt: null,
      ...offer,
    },
    letters: [{ id: 3, kind: 'OFFER', code: 'ABCDE-FGHJK-MNPQR-STVWX', url: '/api/letters/3', createdAt: '2026-11-27T08:00:00.000Z' }],
  };
}
