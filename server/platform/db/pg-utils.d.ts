// Types of the one helper of pg's own lib/utils.js that direct-statement.ts uses (@types/pg leaves it out).
declare module 'pg/lib/utils.js' {
  /** The text pg sends for a bound parameter's value (null for NULL, a Buffer for bytes). */
  export function prepareValue(value: unknown): string | Buffer | null;
}
