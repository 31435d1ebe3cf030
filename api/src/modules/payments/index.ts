/**
 * Payments: the application fee through Lenco (or its offline sandbox),
 * confirmed by the provider only; receipts; and the reconciliation job.
 */
export { startPaymentReconciliation } from './reconciliation';
export { paymentsRoutes, sandboxRoutes } from './routes';
export { paymentState } from './state';
