/** The waitlist: sign-ups counted once per e-mail, limited per address. */
export { subscribersRoutes } from './routes';
