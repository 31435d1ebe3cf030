/**
 * Drafts that follow the applicant (issue 16): the wizard's draft and its
 * chosen documents, what a submission takes from it, and the sweep of stale
 * drafts.
 */
export { deleteUnusedDraftDocuments, draftDocumentsFor, endDraft, startStaleDraftSweep } from './service';
export { draftRoutes } from './routes';
