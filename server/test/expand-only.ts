// The release policy's cheap check (docs/operations.md): a migration must leave the schema the previous
// release reads and writes working (expand), unless it is marked as a contract step, which ships only once no
// running release uses what it removes. Statements that break the previous release are found by pattern: SQL
// is not parsed, so the check errs on the side of flagging, and a marked migration says why it may.
/** Migrations up to this one predate the policy and are not checked. */
export const POLICY_BASELINE = '20261125170000';

/** The marker line of a contract step, with its reason after the colon. */
const CONTRACT_MARKER = /^--\s*contract step:\s*\S/im;

const BREAKING: { pattern: RegExp; what: string }[] = [
  {
    pattern: /\bDROP\s+(TABLE|COLUMN|TYPE|VIEW|FUNCTION)\b/i,
    what: 'drops what the previous release may use',
  },
  { pattern: /\bRENAME\b/i, what: 'renames what the previous release uses by its old name' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, what: 'changes the type of a column' },
  { pattern: /\bSET\s+NOT\s+NULL\b/i, what: 'makes a column the previous release may leave empty required' },
  {
    pattern: /\bADD\s+COLUMN\s+(?:(?!,|\bDEFAULT\b)[^;])*\bNOT\s+NULL\b(?:(?!,|\bDEFAULT\b)[^;])*(;|$)/i,
    what: 'adds a required column without a default (the previous release inserts without it)',
  },
];

/** SQL without its comments (a comment may quote a statement). */
function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Why `sql` would break the previous release; empty when it only expands or is a marked contract step. */
export function contractViolations(sql: string): string[] {
  if (CONTRACT_MARKER.test(sql)) return [];
  const code = withoutComments(sql);
  return BREAKING.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
}
