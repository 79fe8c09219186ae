// The README's configuration table states each secret's minimum length, and it is the one start-up enforces:
// an operator who follows the table never meets "must be at least N characters" by surprise.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const README = fs.readFileSync('README.md', 'utf8');

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

describe('README configuration table', () => {
  it.each(['NEXTAUTH_SECRET', 'INTERNAL_API_TOKEN', 'CRON_SECRET', 'ADMIN_PASSWORD'])(
    'states the minimum length of %s that start-up enforces',
    (name) => {
      const row = README.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``));
      expect(row, `README has no row for ${name}`).toBeDefined();
      expect(row).toContain(`at least ${enforcedMinimum(name)} characters`);
    },
  );
});
