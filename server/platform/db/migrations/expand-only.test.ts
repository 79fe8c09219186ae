// Every migration since the release policy keeps the previous release working (expand), unless marked as a
// contract step.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrations-dir';
import { contractViolations, POLICY_BASELINE } from '@/server/test/expand-only';

const checked = fs
  .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.slice(0, 14) >= POLICY_BASELINE)
  .map((d) => d.name);

describe('migrations are additive (release policy, docs/operations.md)', () => {
  it.each(checked)('%s leaves the previous release working, or is marked as a contract step', (name) => {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8');
    expect(contractViolations(sql)).toEqual([]);
  });

  it('flags what breaks the previous release, and lets additions and marked contract steps through', () => {
    expect(contractViolations('ALTER TABLE "a" DROP COLUMN "b";')).toHaveLength(1);
    expect(contractViolations('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toHaveLength(1);
    expect(contractViolations('ALTER TABLE "a" ALTER COLUMN "b" TYPE "e" USING ("b"::"e");')).toHaveLength(1);
    expect(contractViolations('ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;')).toHaveLength(1);
    expect(contractViolations('ALTER TABLE "a" ADD COLUMN "b" TEXT NOT NULL;')).toHaveLength(1);
    expect(contractViolations('ALTER TABLE "a" ADD COLUMN "b" TEXT NOT NULL DEFAULT \'x\';')).toEqual([]);
    expect(contractViolations('ALTER TABLE "a" ADD COLUMN "b" TEXT;\nCREATE INDEX "i" ON "a"("b");')).toEqual(
      [],
    );
    expect(contractViolations('-- DROP TABLE "a" was considered\nCREATE TABLE "b" ("id" INT);')).toEqual([]);
    expect(
      contractViolations(
        '-- contract step: release 12 no longer reads "b"\nALTER TABLE "a" DROP COLUMN "b";',
      ),
    ).toEqual([]);
  });
});
