export { AuditLog } from './components/AuditLog';
