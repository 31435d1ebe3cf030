/** The About page's contact form: a message to the portal's team through the mail outbox. */
export { contactRoutes } from './routes';
