/** The payment texts of spec §5 and §8, word for word where the spec gives them. */
export const MESSAGES = {
  noApplication: 'No application data available',
  noApplicationId: 'Application ID is missing',
  noEmail: 'User email is required for payment',
  noPhone: 'Phone number is required for payment',
  authRequired: 'Authentication required. Please log in again.',
  sessionExpired: 'Session expired. Please log in again.',
  gatewayNotLoaded: 'Payment gateway not loaded. Please refresh and try again.',
  gatewayError: 'Payment gateway error. Please try again.',
  initiateFailed: 'Failed to initiate payment',
  verifyFailed: 'Failed to verify payment',
  cancelled: 'Payment Cancelled',
  pending: 'Payment Pending',
  verificationFailed: 'Payment Verification Failed',
  verificationError: 'Verification Error',
  supportWarning: 'Payment was received but we could not update your application. Please contact support with your payment reference.',
} as const;
