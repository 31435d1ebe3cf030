/**
 * What the server says of a draft, without zod: the wizard takes these through
 * 'shared-api/draft-texts', so they weigh only on its own code, not in the
 * browser barrel every page (guests' too) downloads; the server takes them
 * through the contract.
 */
export const DRAFT_NOT_FOUND = 'No saved draft.';
export const DRAFT_CHANGED_ELSEWHERE = 'Your draft was changed on another device since this one last saw it.';
/**
 * PUT /api/drafts/mine named a version of a draft the server no longer holds:
 * Start Over or Submit on another device or tab ended it (or it lay unused
 * until swept). Refused, so a wizard left open elsewhere never brings back a
 * draft the applicant ended; the wizard reads this text and asks whether to
 * keep its copy.
 */
export const DRAFT_ENDED_ELSEWHERE = 'This draft was deleted (Start Over) or sent as an application on another device or tab, so it is no longer saved.';
