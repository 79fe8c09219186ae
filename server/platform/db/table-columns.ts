// A table's columns described once, beside the record type Prisma generates for it, and the pieces of raw SQL
// built from that description: the column lists of an INSERT, a SELECT or a RETURNING, a row of typed
// parameters, the column definitions of json_to_recordset, and the record read back from a raw row. The hot
// statements that Prisma's query API cannot express as one round trip then never list a table's columns by
// hand: a domain declares its description with `satisfies TableColumns<Model>`, so a field Prisma adds to the
// model (a column added to prisma/schema.prisma) is a tsc error there until it is described, and from there it
// reaches every statement built from the description unless the statement's own list of deliberate omissions
// names it. Each domain's statements test compares the descriptions with the migrated database.
import { Prisma } from '@/server/generated/prisma/client.ts';

/** The PostgreSQL types of the columns raw statements write and read, or an enum type a migration made. */
export type SqlType =
  | 'uuid'
  | 'text'
  | 'int'
  | 'smallint'
  | 'bigint'
  | 'real'
  | 'float8'
  | 'boolean'
  | 'timestamptz'
  | 'date'
  | 'jsonb'
  | { readonly enum: string };

/** The name of a type, as a cast or a column definition writes it. */
export const sqlTypeName = (type: SqlType): string => (typeof type === 'string' ? type : type.enum);

interface ColumnSpec {
  readonly name: string;
  readonly type: SqlType;
}

/** One entry per field of the model, none missing and none unknown: the column and its type. */
export type TableColumns<Model> = { readonly [F in keyof Model]-?: ColumnSpec };

type ColumnName<C, F extends keyof C> = C[F] extends { readonly name: infer N extends string } ? N : never;

/**
 * A raw row as PostgreSQL answers it: the model's fields `F` under their column names, each name after
 * `Prefix` (a statement that reads two tables' `id` aliases one of them).
 */
export type RowOf<
  Model,
  C extends TableColumns<Model>,
  F extends keyof Model = keyof Model,
  Prefix extends string = '',
> = { [K in F as `${Prefix}${ColumnName<C, K>}`]: Model[K] };

/** A table's description, and the SQL its statements are built from. */
export class Table<Model, C extends TableColumns<Model>> {
  /** Every field, in the description's order (the order of every list built from it). */
  readonly fields: readonly (keyof Model & string)[];

  constructor(
    readonly name: string,
    readonly columns: C,
  ) {
    this.fields = Object.keys(columns) as (keyof Model & string)[];
  }

  /** Every field but `omitted`, in the description's order: a statement's columns and its stated omissions. */
  fieldsExcept<const O extends keyof Model>(omitted: readonly O[]): Exclude<keyof Model & string, O>[] {
    return this.fields.filter((f) => !(omitted as readonly (keyof Model)[]).includes(f)) as Exclude<
      keyof Model & string,
      O
    >[];
  }

  /** The column of a field. */
  column(field: keyof Model): string {
    return this.columns[field].name;
  }

  /**
   * `a, b, c`: the columns of an INSERT or a RETURNING; with `alias`, `p.a, p.b, p.c` for a SELECT, and with
   * `prefix` each read under its prefixed name (`a.id AS attempt_id`).
   */
  columnList(
    fields: readonly (keyof Model)[],
    options: { alias?: string; prefix?: string } = {},
  ): Prisma.Sql {
    const { alias, prefix } = options;
    return Prisma.raw(
      fields
        .map((field) => {
          const column = this.column(field);
          const read = alias ? `${alias}.${column}` : column;
          return prefix ? `${read} AS ${prefix}${column}` : read;
        })
        .join(', '),
    );
  }

  /**
   * A row of parameters, `($1::uuid, $2::text, …)` (or without the parentheses, for a SELECT list), one per
   * field, each cast to its column's type: the text is put together once, each call only adds the values.
   */
  parameterRow<F extends keyof Model>(
    fields: readonly F[],
    options: { parenthesised?: boolean } = {},
  ): (record: Pick<Model, F>) => Prisma.Sql {
    if (fields.length === 0) throw new Error('parameterRow: at least one field');
    const open = options.parenthesised === false ? '' : '(';
    const close = options.parenthesised === false ? '' : ')';
    const casts = fields.map((field) => `::${sqlTypeName(this.columns[field].type)}`);
    const strings = [open, ...casts.slice(0, -1).map((cast) => `${cast}, `), `${casts.at(-1) ?? ''}${close}`];
    return (record) =>
      new Prisma.Sql(
        strings,
        fields.map((field) => record[field]),
      );
  }

  /** One parameter cast to the field's column type: `$1::uuid`. */
  parameter<F extends keyof Model>(field: F, value: Model[F]): Prisma.Sql {
    return new Prisma.Sql(['', `::${sqlTypeName(this.columns[field].type)}`], [value]);
  }

  /** `a int, b text, …`: the column definitions of a `json_to_recordset(…) AS r(…)`. */
  columnDefinitions(fields: readonly (keyof Model)[]): Prisma.Sql {
    return Prisma.raw(
      fields.map((field) => `${this.column(field)} ${sqlTypeName(this.columns[field].type)}`).join(', '),
    );
  }

  /** The record of a raw row (read with `prefix` when its columns were, see columnList). */
  recordOf<F extends keyof Model, Prefix extends string = ''>(
    fields: readonly F[],
    row: RowOf<Model, C, F, Prefix>,
    prefix?: Prefix,
  ): Pick<Model, F> {
    const record = {} as Pick<Model, F>;
    const values = row as Record<string, unknown>;
    for (const field of fields) {
      record[field] = values[`${prefix ?? ''}${this.column(field)}`] as Model[F];
    }
    return record;
  }
}
