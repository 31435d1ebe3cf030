/**
 * Browser entry of shared-api: the typed client and the contract's types and
 * constants. The zod schemas themselves live behind 'shared-api/contract'
 * (used by the server) so they never weigh on a page.
 */
export * from './contract/constants';
export type * from './contract/schemas';
export type * from './contract/pages';
export type * from './contract/intakes';
export type * from './contract/drafts';
export type * from './contract/fees';
export type * from './contract/notifications';
export type * from './contract/notification-events';
export type * from './contract/offers';
export type * from './contract/grade12';
export * from './client/http';
export * from './client/endpoints';
export * from './client/page-handover';
export * from './client/field-errors';
export * from './display/format';
