import { emptyDraft } from '../../lib/application-draft';
import { checkFile, chooseProgram, countFiles, toApplicationCreate, TOO_LARGE_MESSAGE, validatePersonal, validateProgram, WRONG_TYPE_MESSAGE } from './model';

const complete = emptyDraft({
  userId: 7,
  universityId: 3,
  programIds: [11, 12],
  fullName: 'Ada Banda',
  gender: 'Female',
  email: 'ada@example.com',
  phone: '0971234567',
  dateOfBirth: '2004-05-06',
  country: 'Zambia',
  province: 'Lusaka',
  city: 'Lusaka',
  nationality: 'Zambian',
  nationalRegNumber: '123456/10/1',
  schoolProvince: 'Copperbelt',
  qualification: 'Grade 12',
  institution: 'Kitwe Boys',
  grade12Results: [
    { subject: 'English Language', grade: 3 },
    { subject: 'Mathematics', grade: 1 },
    { subject: 'Biology', grade: 2 },
    { subject: 'Chemistry', grade: 3 },
    { subject: 'Physics', grade: 4 },
  ],
});

describe('wizard rules', () => {
  it('requires every personal field and accepts a complete step', () => {
    const errors = validatePersonal(emptyDraft());
    expect(Object.keys(errors).sort()).toEqual(['city', 'country', 'dateOfBirth', 'email', 'fullName', 'gender', 'phone', 'province']);
    expect(errors.fullName).toBe('Full name is required');
    expect(validatePersonal(complete)).toEqual({});
  });

  it('accepts only the listed genders and countries and a past date of birth', () => {
    const errors = validatePersonal({ ...complete, gender: 'Other', country: 'Malawi', dateOfBirth: '2999-01-01', email: 'nope' }, new Date('2026-01-01'));
    expect(errors.gender).toBe('Choose Male or Female');
    expect(errors.country).toBe('Choose Zambia, Zimbabwe or Kenya');
    expect(errors.dateOfBirth).toBe('Date of birth cannot be in the future');
    expect(errors.email).toBe('Enter a valid email address');
  });

  it('requires the first program and the education fields; qualification must be listed', () => {
    const errors = validateProgram(emptyDraft());
    expect(Object.keys(errors).sort()).toEqual(['grade12Results', 'institution', 'nationalRegNumber', 'nationality', 'programIds', 'qualification', 'schoolProvince']);
    expect(validateProgram({ ...complete, qualification: 'Certificate' }).qualification).toBe('Choose one of the listed qualifications');
    expect(validateProgram(complete)).toEqual({});
  });

  it('keeps program slots exclusive, ordered, and removes a cleared slot', () => {
    expect(chooseProgram([], 0, 5)).toEqual([5]);
    expect(chooseProgram([5], 1, 5)).toEqual([5]);
    expect(chooseProgram([5], 2, 6)).toEqual([5]);
    expect(chooseProgram([5, 6, 7], 0, null)).toEqual([6, 7]);
    expect(chooseProgram([5, 6], 1, 8)).toEqual([5, 8]);
    expect(chooseProgram([5, 6, 7], 3, 8)).toEqual([5, 6, 7]);
  });

  it('refuses wrong types and files over 5 MB', () => {
    expect(checkFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(WRONG_TYPE_MESSAGE);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    expect(checkFile(big)).toBe(TOO_LARGE_MESSAGE);
    expect(checkFile(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(countFiles({ NRC_FRONT: new File(['x'], 'a.png', { type: 'image/png' }) })).toBe(1);
  });

  it('builds the contract payload', () => {
    expect(toApplicationCreate(complete, 7)).toEqual({
      userId: 7,
      programIds: [11, 12],
      status: 'PENDING',
      phoneNumber: '0971234567',
      email: 'ada@example.com',
      dateOfBirth: '2004-05-06',
      nationality: 'Zambian',
      province: 'Lusaka',
      nationalRegNumber: '123456/10/1',
      submissionDetails: null,
      city: 'Lusaka',
      country: 'Zambia',
      highestQualification: 'Grade 12',
      institutionAttended: 'Kitwe Boys (Copperbelt)',
      programNotes: null,
      fullName: 'Ada Banda',
      gender: 'Female',
      documentTypes: ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'],
      grade12Results: [
        { subject: 'English Language', grade: 3 },
        { subject: 'Mathematics', grade: 1 },
        { subject: 'Biology', grade: 2 },
        { subject: 'Chemistry', grade: 3 },
        { subject: 'Physics', grade: 4 },
      ],
    });
  });
});
