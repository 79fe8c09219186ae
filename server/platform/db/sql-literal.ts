// A raw statement's values as SQL literals, for the messages that cannot bind parameters: a simple-protocol
// message (a request's write on PostgreSQL, pool-write.ts) and EXECUTE of a prepared statement (the embedded
// database's, embedded-statement.ts). Quoting is pg's own escapeLiteral, not ours.
import { escapeLiteral } from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';

/**
 * A value of a Prisma.sql statement as an SQL literal (NULL, or a quoted string the statement casts), or
 * undefined for a value that has none here. escapeLiteral doubles quotes, and doubles a backslash inside an
 * E'' string, whatever standard_conforming_strings says. A NUL character cannot travel in a simple-protocol
 * message (it would end the text), so a string holding one has no literal. A literal is an untyped constant,
 * as a bound parameter is, so PostgreSQL infers the same types from the statement's casts and columns.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  return text === undefined || text.includes('\0') ? undefined : escapeLiteral(text);
}

/** Every value of `statement` as a literal, or undefined when one has none. */
export function literalsOf(statement: Prisma.Sql): string[] | undefined {
  const literals: string[] = [];
  for (const value of statement.values) {
    const literal = literalOf(value);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  return literals;
}

/** literalsOf for a statement that must have literals (the embedded database's prepared ones). */
export function requiredLiteralsOf(statement: Prisma.Sql): string[] {
  const literals = literalsOf(statement);
  if (!literals) throw new Error('A value of this statement has no SQL literal');
  return literals;
}

/** `statement`'s text with `literals` in place of its parameters. */
export function withLiterals(statement: Prisma.Sql, literals: string[]): string {
  const parts: string[] = [statement.strings[0]!];
  for (let i = 0; i < literals.length; i++) parts.push(literals[i]!, statement.strings[i + 1]!);
  return parts.join('');
}
