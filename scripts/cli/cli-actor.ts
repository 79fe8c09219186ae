// The CLI as an audit-log actor: the operating-system user who ran the command (no network address).
import os from 'node:os';
import type { AuditActor } from '@/server/audit/audit-log';

export function cliActor(): AuditActor & { type: 'cli' } {
  let user: string | null = null;
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the entry still says it came from the CLI.
  }
  return { type: 'cli', id: user };
}
