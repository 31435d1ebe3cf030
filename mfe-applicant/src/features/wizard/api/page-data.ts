/**
 * What the wizard shows first, as API paths: the server renders the wizard for
 * its applicant with these answers embedded (decision 013, src/server.ts), and
 * the wizard's first render takes each from the page instead of asking again.
 * The same names on both sides, so they cannot drift apart.
 */
export const wizardPageData = {
  university: (universityId: number) => `universities/${universityId}`,
  programs: (universityId: number) => `programs/university/${universityId}`,
  intakes: (universityId: number) => `universities/${universityId}/intakes`,
  /** The applicant's applications (an open one to this university is shown first). */
  applications: (userId: number | string) => `applications/user/${userId}`,
  /** The applicant's draft on the server: embedded as null when there is none. */
  draft: () => 'drafts/mine',
};
