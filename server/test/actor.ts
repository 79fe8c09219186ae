// The actor of changes a test makes through the services directly (not through a door): the system.
import type { AuditActor } from '@/server/audit/audit-log';

export const testActor: AuditActor = { type: 'system' };
