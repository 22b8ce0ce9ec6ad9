export { recordAudit, type AuditEntryInput } from './audit.repository';
