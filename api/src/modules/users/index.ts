/**
 * Users: staff views of accounts (users, students), archiving, an ADMIN's
 * blocks from its university, and one's own account settings.
 */
export { accountRoutes, usersRoutes } from './routes';
export { isBlockedFromUniversity } from './service';
