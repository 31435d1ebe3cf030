export { FeeWaiversPage } from './components/FeeWaiversPage';
