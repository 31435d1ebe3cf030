/**
 * Fee waiver codes (issue 16 item 4): created by staff for a university,
 * applied by an applicant instead of paying the fee.
 */
export { feeWaiverRoutes } from './routes';
