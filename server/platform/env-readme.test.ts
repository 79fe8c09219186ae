// docs/configuration.md's table and server/platform/env.ts agree: every variable the service reads has a row and every
// row names one it reads, each single-variable row states the default start-up applies, and each secret's
// stated minimum length is the one start-up enforces. An operator who follows the table meets no surprise.
// The table: in docs/configuration.md, the Markdown table whose header row is `| Variable | Default | Meaning |`
// (any padding);
// a row's first cell names its variables in backticks (several when they share a row), its second the default.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, parseEnv } from './env';

const CONFIGURATION_DOC = 'docs/configuration.md';
/** The header row, whatever its padding (Prettier aligns the columns). */
const TABLE_HEADER = /^\|\s*Variable\s*\|\s*Default\s*\|\s*Meaning\s*\|$/;
/** Set by the start script itself, not by an operator. */
const NOT_DOCUMENTED = ['NODE_ENV'];

interface Row {
  variables: string[];
  defaultCell: string;
  line: string;
}

function configurationTable(): Row[] {
  const lines = fs.readFileSync(CONFIGURATION_DOC, 'utf8').split('\n');
  const start = lines.findIndex((line) => TABLE_HEADER.test(line.trim()));
  if (start < 0) throw new Error(`${CONFIGURATION_DOC} has no table headed | Variable | Default | Meaning |`);
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [, names = '', defaultCell = ''] = line.split(/(?<!\\)\|/);
    rows.push({ variables: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!), defaultCell, line });
  }
  return rows;
}

/** The shortest value parseEnv accepts for the variable. */
function enforcedMinimum(name: string): number {
  for (let length = 1; length <= 100; length++) {
    try {
      parseEnv({ [name]: 'x'.repeat(length) });
      return length;
    } catch {
      // too short: try one character more
    }
  }
  throw new Error(`${name}: no length up to 100 is accepted`);
}

describe('the configuration table (docs/configuration.md)', () => {
  const rows = configurationTable();
  const documented = rows.flatMap((row) => row.variables);

  it('has a row for every variable server/platform/env.ts reads, and none for a variable it does not read', () => {
    expect([...documented].sort()).toEqual(ENV_VARIABLES.filter((v) => !NOT_DOCUMENTED.includes(v)).sort());
  });

  it('states the default start-up applies for every variable with one', () => {
    const defaults = parseEnv({}) as unknown as Record<string, string | number | boolean | undefined>;
    for (const row of rows.filter((r) => r.variables.length === 1)) {
      const name = row.variables[0]!;
      const value = defaults[name];
      if (value === undefined || name === 'PUBLIC_BASE_URL') continue; // none, or derived from PORT
      expect(row.defaultCell, `default of ${name}`).toContain(`\`${String(value)}\``);
    }
  });

  it.each(['NEXTAUTH_SECRET', 'INTERNAL_API_TOKEN', 'CRON_SECRET', 'METRICS_TOKEN', 'ADMIN_PASSWORD'])(
    'states the minimum length of %s that start-up enforces',
    (name) => {
      const row = rows.find((r) => r.variables.includes(name));
      expect(row, `no row for ${name}`).toBeDefined();
      expect(row!.line).toContain(`at least ${enforcedMinimum(name)} characters`);
    },
  );
});
