/**
 * Auth: registration, sign-in with its delays, server-side sessions, password
 * reset, and the accounts the other modules read (accounts.ts).
 */
export { findAccount, findAccountByEmail, setAccountPassword, toUser, type UserRow } from './accounts';
export { authRoutes } from './routes';
export { AUTH_MESSAGES, checkPasswordStrength, sha256 } from './service';
export { renewSession, sessionChecker, startSession } from './sessions';
