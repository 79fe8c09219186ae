// The embedded database's files hold every participant's personal data, key hashes and sealed webhook
// secrets: under the usual umask (022) they must still be created owner-only, the data directory and the
// folders made for it 0700, backups 0600, and the app secret kept beside them 0600.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '@/server/platform/crypto/app-secret';
import { env } from '@/server/platform/env';
import { createDatabase } from '@/server/platform/db/client';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { backupEmbeddedDatabase } from '@/server/platform/lifecycle/embedded-backup';
import { testDatabaseKinds } from '@/server/test/database';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-data-mode-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

// Embedded-only: skipped on a run narrowed to PostgreSQL; the embedded line runs it.
describe.skipIf(!testDatabaseKinds().includes('pglite'))(
  'embedded data directory modes',
  { timeout: 120_000 },
  () => {
    const url = `pglite:${path.join(base, 'data', 'pglite')}`;

    it('creates the data directory and the ./data folder made for it owner-only (0700)', async () => {
      // The umask a server usually runs under: without a mode of their own, directories come out 0755.
      expect(process.umask() & 0o077).toBe(0o022);
      await deployMigrations(url);
      expect(modeOf(path.join(base, 'data'))).toBe('700');
      expect(modeOf(path.join(base, 'data', 'pglite'))).toBe('700');
    });

    it('keeps the generated app secret beside it owner-only (0600)', () => {
      resolveAppSecret({ ...env, DATABASE_URL: url, NEXTAUTH_SECRET: undefined });
      expect(modeOf(path.join(base, 'data', 'app-secret'))).toBe('600');
    });

    it('narrows a data directory an earlier version created world-readable', async () => {
      const older = path.join(base, 'older', 'pglite');
      fs.mkdirSync(older, { recursive: true, mode: 0o755 });
      expect(modeOf(older)).toBe('755');
      const database = createDatabase(`pglite:${older}`, 1);
      await database.close();
      expect(modeOf(older)).toBe('700');
    });

    it('writes a backup owner-only (0600), in folders it creates owner-only (0700)', async () => {
      const file = path.join(base, 'backups', 'nightly', 'pais.tgz');
      await backupEmbeddedDatabase(url, file);
      expect(modeOf(path.join(base, 'backups'))).toBe('700');
      expect(modeOf(path.join(base, 'backups', 'nightly'))).toBe('700');
      expect(modeOf(file)).toBe('600');
    });
  },
);
