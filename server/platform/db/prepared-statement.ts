// Named prepared statements, for the three places that prepare one (the dispatcher's pool, a request's write on
// the pg pool, the embedded database): one naming rule, one PREPARE, one reading of a pooler's failures.
import { createHash } from 'node:crypto';

const preparedNames = new Map<string, string>();

/** A statement's name is its text's hash, so a different text can never meet a statement prepared under it. */
export function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `pais_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * Prepares `text` as `name` on the session `run` sends to. Prepared already under this name (42P05): it is
 * the same statement, its name being its text's hash (prepared by a copy of the calling module, or by another
 * client that reached this server session through a pooler).
 */
export async function prepareStatement(
  run: (sql: string) => Promise<unknown>,
  name: string,
  text: string,
): Promise<void> {
  try {
    await run(`PREPARE ${name} AS ${text}`);
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
  }
}

/** What a named statement meets when its session changed under it: prepared there already, or not there. */
const POOLED_SESSION_ERRORS = new Set([DUPLICATE_PREPARED_STATEMENT, '26000']);
export const isPooledSessionError = (error: unknown): boolean =>
  error instanceof Error && POOLED_SESSION_ERRORS.has((error as { code?: string }).code ?? '');
