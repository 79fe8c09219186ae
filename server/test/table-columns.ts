// What the statements tests compare a table's description (server/platform/db/table-columns.ts) with: the
// migrated test database's own columns, read from information_schema, and the columns a statement's text
// names.
import { expect } from 'vitest';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { sqlTypeName, type Table, type TableColumns } from '@/server/platform/db/table-columns';

/** information_schema's name (udt_name) of each type a description may give a column. */
const UDT_NAMES: Record<string, string> = {
  int: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  boolean: 'bool',
};
const udtName = (type: Parameters<typeof sqlTypeName>[0]) =>
  UDT_NAMES[sqlTypeName(type)] ?? sqlTypeName(type);

/** The table's columns in the migrated database, each with its type. */
async function databaseColumns(prisma: PrismaClient, table: string): Promise<Record<string, string>> {
  const rows = await prisma.$queryRaw<{ column_name: string; udt_name: string }[]>`
    SELECT column_name, udt_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`;
  return Object.fromEntries(rows.map((row) => [row.column_name, row.udt_name]));
}

/** Fails unless the description names every column of its table in the database, each with its type, and no other. */
export async function expectDescriptionMatchesDatabase<Model, C extends TableColumns<Model>>(
  prisma: PrismaClient,
  table: Table<Model, C>,
): Promise<void> {
  const described = Object.fromEntries(
    table.fields.map((field) => [table.column(field), udtName(table.columns[field].type)]),
  );
  expect(described).toEqual(await databaseColumns(prisma, table.name));
}

/**
 * Fails unless the description names every column of its table in the database, each with its type, and
 * every scalar field of the table's Prisma model, in the model's order (`Prisma.<Model>ScalarFieldEnum`).
 */
export async function expectTableDescribed<Model, C extends TableColumns<Model>>(
  prisma: PrismaClient,
  table: Table<Model, C>,
  scalarFields: Record<string, string>,
): Promise<void> {
  await expectDescriptionMatchesDatabase(prisma, table);
  expect([...table.fields]).toEqual(Object.keys(scalarFields));
}

/** The columns of a table the database has, by name. */
export async function databaseColumnNames(prisma: PrismaClient, table: string): Promise<string[]> {
  return Object.keys(await databaseColumns(prisma, table)).sort();
}

/** The column list after `INSERT INTO <table> (` in a statement's text. */
export function insertedColumns(statement: { text: string }, table: string): string[] {
  const list = new RegExp(`INSERT INTO ${table} \\(([^)]*)\\)`).exec(statement.text)?.[1];
  if (list === undefined) throw new Error(`no INSERT INTO ${table} in the statement`);
  return list.split(',').map((column) => column.trim());
}

/** Fails unless `carried` and `omitted` together are every column in `all`, none in both and none twice. */
export function expectEveryColumnCarriedOrOmitted(carried: string[], omitted: string[], all: string[]): void {
  expect(new Set(carried).size, 'a column carried twice').toBe(carried.length);
  expect(
    carried.filter((column) => omitted.includes(column)),
    'carried and omitted',
  ).toEqual([]);
  expect([...carried, ...omitted].sort()).toEqual([...all].sort());
}
