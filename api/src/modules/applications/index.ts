/**
 * Applications: submission (with the draft's documents and the intake's
 * rules), reach, the staff list and its cache, decisions, CSV export, the
 * timeline (history.ts), the documents (files.ts) and the sweep of files no
 * application refers to.
 */
export { startOrphanFileSweep } from './orphan-files';
export { applicationRoutes, fileRoutes } from './routes';
