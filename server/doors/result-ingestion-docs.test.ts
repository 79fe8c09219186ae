// docs/result-ingestion.md and the endpoint agree: its field table lists exactly the fields of the schema the
// endpoint validates with (resultIngestionSchema), each with the schema's type, whether it is required and its
// limit; its example body is accepted; the body limit it states is the one the endpoint enforces. Whoever
// changes the schema finds this test failing until the page says the same.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultIngestionSchema } from '@/server/webhooks/payload';
import { MAX_JSON_BODY_BYTES } from '@/server/platform/lib/json-body';

const DOC = 'docs/result-ingestion.md';
const TABLE_HEADER = /^\|\s*Field\s*\|\s*Type\s*\|\s*Required\s*\|\s*Limit\s*\|\s*Meaning\s*\|$/;

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The rows the page must have: [field, type, required, limit], the schema's words for each. */
function expectedRows(): string[][] {
  const schema = z.toJSONSchema(resultIngestionSchema, { io: 'input' }) as JsonSchema;
  const rows: string[][] = [];
  const walk = (object: JsonSchema, prefix: string) => {
    for (const [name, field] of Object.entries(object.properties ?? {})) {
      const path = `${prefix}${name}`;
      rows.push([
        `\`${path}\``,
        typeOf(field),
        object.required?.includes(name) ? 'yes' : 'no',
        limitOf(field),
      ]);
      if (field.type === 'array' && field.items?.properties) walk(field.items, `${path}[].`);
    }
  };
  walk(schema, '');
  return rows;
}

function typeOf(field: JsonSchema): string {
  if (field.anyOf) return field.anyOf.map(typeOf).join(' or ');
  if (field.type === 'array') return 'array of objects';
  if (field.format === 'uuid') return 'string (UUID)';
  return field.type!;
}

function limitOf(field: JsonSchema): string {
  if (field.anyOf) return limitOf(field.anyOf[0]!);
  if (field.maxItems !== undefined) return `at most ${field.maxItems} entries`;
  if (field.pattern !== undefined && field.format === undefined) {
    // The only pattern of the schema; another one needs its own words here and on the page.
    expect(field.pattern).toBe('^#[0-9A-Fa-f]{6}$');
    return '`#RRGGBB`';
  }
  if (field.maxLength !== undefined)
    return field.minLength
      ? `${field.minLength} to ${field.maxLength} characters`
      : `at most ${field.maxLength} characters`;
  return '—';
}

const doc = fs.readFileSync(DOC, 'utf8');

/** The page's field table: the first four cells of each row. */
function documentedRows(): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => TABLE_HEADER.test(line.trim()));
  if (start < 0) throw new Error(`${DOC} has no table headed | Field | Type | Required | Limit | Meaning |`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, 5)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('the result ingestion page (docs/result-ingestion.md)', () => {
  it('lists every field of the schema with its type, whether it is required and its limit', () => {
    expect(documentedRows()).toEqual(expectedRows());
  });

  it('shows an example body the endpoint accepts', () => {
    const example = /### Example\s+```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(example, 'the JSON block under "### Example"').toBeDefined();
    const parsed = resultIngestionSchema.safeParse(JSON.parse(example!));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('states the body limit the endpoint enforces', () => {
    const kib = MAX_JSON_BODY_BYTES / 1024;
    expect(doc).toContain(`at most **${kib} KiB**`);
    expect(doc).toContain(`Request body must not exceed ${kib} KiB`);
  });
});
