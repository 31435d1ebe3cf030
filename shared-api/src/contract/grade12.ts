/**
 * Grade 12 (ECZ) results and the points they make (issue 17 item 4). No zod
 * here: the wizard imports this file (as `shared-api/grade12`) to show the
 * subjects and the points total live, and the server's schema (schemas.ts)
 * builds on the same list and rule, so the total the applicant sees is the one
 * staff sort by.
 */

/** The school certificate subjects the wizard offers, English first (it must be among them). */
export const ECZ_SUBJECTS = [
  'English Language',
  'Mathematics',
  'Additional Mathematics',
  'Biology',
  'Chemistry',
  'Physics',
  'Science',
  'Agricultural Science',
  'Geography',
  'History',
  'Civic Education',
  'Religious Education',
  'Commerce',
  'Principles of Accounts',
  'Computer Studies',
  'French',
  'Literature in English',
  'Zambian Languages',
  'Art and Design',
  'Home Economics',
  'Food and Nutrition',
  'Fashion and Fabrics',
  'Music',
  'Physical Education',
  'Design and Technology',
  'Technical Drawing',
] as const;
export type EczSubject = (typeof ECZ_SUBJECTS)[number];
export const ENGLISH_SUBJECT: EczSubject = 'English Language';
/** ECZ grades run from 1 (distinction, best) to 9 (unsatisfactory). */
export const GRADE12_GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const GRADE12_MAX_SUBJECTS = 9;
/** The points are the total of five subjects, so at least five are needed. */
export const GRADE12_MIN_SUBJECTS = 5;
export const GRADE12_COUNTED = 5;

export interface Grade12Result {
  subject: EczSubject;
  grade: number;
}

/**
 * The best-five points total, lower is better: English Language plus the best
 * four other subjects. Zambian universities count "five best including
 * English", which we read as English always counted (even when it is not
 * among the five best grades) and the four best of the rest beside it, so a
 * weak English grade cannot be hidden by five strong others. Null when
 * English is missing or fewer than five subjects are given (no total exists).
 */
export function bestFivePoints(results: readonly { subject: string; grade: number | null }[]): number | null {
  const graded = results.filter((r): r is { subject: string; grade: number } => typeof r.grade === 'number' && r.subject !== '');
  const english = graded.find((r) => r.subject === ENGLISH_SUBJECT);
  if (!english) return null;
  const others = graded
    .filter((r) => r !== english)
    .map((r) => r.grade)
    .sort((a, b) => a - b)
    .slice(0, GRADE12_COUNTED - 1);
  if (others.length < GRADE12_COUNTED - 1) return null;
  return others.reduce((sum, grade) => sum + grade, english.grade);
}
