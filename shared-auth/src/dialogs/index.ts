/**
 * The one confirmation and message dialog of the remotes (`useFeedback`:
 * `confirm` and `alert` as promises, SweetAlert-like, spec §4). A subpath of
 * its own, not `shared-auth/ui`: the shell loads that entry at start-up and
 * has no dialog to show there, so guests' pages do not carry one.
 */
export { DELETE_CONFIRMATION, FeedbackProvider, useFeedback, type Feedback } from './Feedback';
// The dialog itself only through the provider, which loads it on the first question.
export type { DialogIcon, SweetDialogOptions } from './SweetDialog';
