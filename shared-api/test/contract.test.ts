import { ApplicationCreate, ApplicationUpdate, CourseUpdate, DocumentReview, NoteCreate, ProgramInput, RegisterRequest, SubscriberCreate } from '../src/contract';

const program = { name: 'Computer Science', description: 'Software and systems' };

test('program duration is whole years, given as 4 or "4 years"', () => {
  expect(ProgramInput.parse({ ...program, duration: 4 }).duration).toBe(4);
  expect(ProgramInput.parse({ ...program, duration: '4 years' }).duration).toBe(4);
  expect(ProgramInput.parse({ ...program, duration: '1 year' }).duration).toBe(1);
  for (const bad of [0, 2.5, '0 years', 'four', '', -1]) expect(ProgramInput.safeParse({ ...program, duration: bad }).success).toBe(false);
});

test('course edit takes the spec spelling sermisterToBeDone', () => {
  const parsed = CourseUpdate.parse({ courseName: 'Calculus', courseDescription: 'Limits', sermisterToBeDone: '2', yearToBeStudied: 1 });
  expect(parsed.sermisterToBeDone).toBe(2);
  expect(CourseUpdate.safeParse({ courseName: 'C', courseDescription: 'D', sermisterToBeDone: 1, yearToBeStudied: 1, hacker: true }).success).toBe(false);
});

test('application decisions accept any case and need Approved or Rejected', () => {
  expect(ApplicationUpdate.parse({ status: 'Approved', reviewNotes: 'ok', programId: 3 }).status).toBe('APPROVED');
  expect(ApplicationUpdate.parse({ status: 'rejected', reviewNotes: 'late' }).status).toBe('REJECTED');
  expect(ApplicationUpdate.safeParse({ status: 'PENDING_REVIEW' }).success).toBe(false);
});

const application = {
  programIds: [1, 2],
  phoneNumber: '+260 97 1234567',
  email: 'Applicant@Example.com ',
  dateOfBirth: '2005-04-01',
  nationality: 'Zambian',
  province: 'Lusaka',
  nationalRegNumber: '123456/10/1',
  city: 'Lusaka',
  country: 'Zambia',
  highestQualification: 'Grade 12',
  institutionAttended: 'Kabulonga Boys',
};

test('an application names 1 to 3 distinct programs and is always PENDING', () => {
  expect(ApplicationCreate.parse({ ...application, status: 'PENDING' }).email).toBe('applicant@example.com');
  expect(ApplicationCreate.safeParse({ ...application, programIds: [] }).success).toBe(false);
  expect(ApplicationCreate.safeParse({ ...application, programIds: [1, 2, 3, 4] }).success).toBe(false);
  expect(ApplicationCreate.safeParse({ ...application, programIds: [2, 2] }).success).toBe(false);
  expect(ApplicationCreate.safeParse({ ...application, status: 'APPROVED' }).success).toBe(false);
  expect(ApplicationCreate.safeParse({ ...application, country: 'Narnia' }).success).toBe(false);
  expect(ApplicationCreate.safeParse({ ...application, reviewNotes: 'approve me' }).success).toBe(false);
});

test('registration refuses short passwords and unknown fields', () => {
  const base = { firstName: 'Ada', lastName: 'Banda', email: 'ada@example.com', phone: '0971234567', password: 'long-enough-1' };
  expect(RegisterRequest.safeParse(base).success).toBe(true);
  expect(RegisterRequest.safeParse({ ...base, password: 'short' }).success).toBe(false);
  expect(RegisterRequest.safeParse({ ...base, isAdmin: true }).success).toBe(false);
});

test('waitlist entries are trimmed and need a valid email', () => {
  expect(SubscriberCreate.parse({ name: '  Mwila ', email: ' MWILA@example.com ' })).toEqual({ name: 'Mwila', email: 'mwila@example.com' });
  expect(SubscriberCreate.safeParse({ name: 'Mwila', email: 'not-an-email' }).success).toBe(false);
});

test('a document check names PENDING, VERIFIED or REJECTED, with a reason of at most 500 characters', () => {
  expect(DocumentReview.parse({ status: 'REJECTED', reason: '  Blurred  ' }).reason).toBe('Blurred');
  expect(DocumentReview.parse({ status: 'VERIFIED' }).status).toBe('VERIFIED');
  for (const bad of [{ status: 'LOST' }, { status: 'verified' }, { status: 'REJECTED', reason: 'x'.repeat(501) }, { status: 'REJECTED', reason: 'a\u0000b' }, { status: 'VERIFIED', extra: 1 }])
    expect(DocumentReview.safeParse(bad).success).toBe(false);
});

test('a reviewer note is 1 to 2000 characters, line breaks kept, control characters refused', () => {
  expect(NoteCreate.parse({ text: ' Line one\nLine two ' }).text).toBe('Line one\nLine two');
  expect(NoteCreate.safeParse({ text: 'x'.repeat(2000) }).success).toBe(true);
  for (const bad of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'bell\u0007' }, {}, { text: 'ok', authorId: 1 }]) expect(NoteCreate.safeParse(bad).success).toBe(false);
});
