// @prisma/adapter-pg cannot read PostgreSQL's internal "char" type (OID 18), which the schema engine meets
// in pg_catalog when it describes a database. This pool relabels such columns as text and tags their name;
// the schema engine wrapper strips the tag and reports the column as a character column.
import pg from 'pg';

export const PG_CHAR_TAG = '\u0000pgchar';
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number; name: string }[] };

function relabelCharColumns<T>(result: T): T {
  for (const part of (Array.isArray(result) ? result : [result]) as QueryResultLike[]) {
    for (const field of part?.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID)
        Object.assign(field, { dataTypeID: PG_TEXT_OID, name: field.name + PG_CHAR_TAG });
    }
  }
  return result;
}

export class CharSafePool extends pg.Pool {
  override query(...args: unknown[]): never {
    const callback = args.at(-1);
    const result = (super.query as (this: pg.Pool, ...a: unknown[]) => unknown).apply(this, args);
    if (typeof callback === 'function') return result as never;
    return (result as Promise<unknown>).then(relabelCharColumns) as never;
  }
}
