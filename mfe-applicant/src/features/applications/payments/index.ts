export { PayFeeButton, type PayFeeButtonProps } from './components/PayFeeButton';
export { PaymentStatusBadge, paymentBadgeKind } from './components/PaymentStatusBadge';
export { PaymentActions, type PaymentActionsProps } from './components/PaymentActions';
export { paymentView, PENDING_TEXT, type PaymentView } from './lib/payment-view';
