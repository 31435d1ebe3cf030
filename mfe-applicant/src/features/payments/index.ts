export { PayFeeButton, type PayFeeButtonProps } from './components/PayFeeButton';
export { PaymentStatusBadge, paymentBadgeKind } from './components/PaymentStatusBadge';
