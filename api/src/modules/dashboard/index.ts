/** The staff dashboard's figures (issue 7), counted by the database for the caller's reach. */
export { dashboardRoutes } from './routes';
