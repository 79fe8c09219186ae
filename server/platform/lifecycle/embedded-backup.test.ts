// Backup and restore of the embedded database, round trip: the restored copy serves the same participants,
// its API keys still authenticate and its webhook secrets still open and verify signatures. A backup while
// another process holds the database is refused with what to do, and a restore never writes over data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { lockEmbeddedDataDir } from '@/server/platform/db/embedded-lock';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { findLiveApiKeyWithTenant, insertApiKey } from '@/server/api-keys/api-keys';
import { configureWebhook, revealSigningSecret } from '@/server/webhooks/config';
import { signWebhook, verifyWebhook } from '@/server/webhooks/signing';
import { testSettings } from '@/server/test/webhook-fixtures';
import { BackupRefusedError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup';
import { testDatabaseKinds } from '@/server/test/database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-backup-'));
const sourceUrl = `pglite:${path.join(dir, 'source')}`;
const backupFile = path.join(dir, 'backup.tgz');
const restoredDir = path.join(dir, 'restored');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Embedded-only: skipped on a run narrowed to PostgreSQL (CI's Node.js 24 line); the embedded line runs it.
const embedded = testDatabaseKinds().includes('pglite');

describe.skipIf(!embedded)('embedded database backup and restore', { timeout: 180_000 }, () => {
  const seeded = { participantIds: [] as string[], apiKey: '', webhookSecret: '', questionnaireId: '' };

  it('backs up a filled database and restores it into a new directory', async () => {
    await deployMigrations(sourceUrl);
    const source = createDatabase(sourceUrl, 1);
    try {
      const p = source.prisma;
      const tenant = await p.tenant.create({ data: { name: 'T' } });
      const questionnaire = await p.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } });
      seeded.questionnaireId = questionnaire.id;
      for (let i = 0; i < 25; i++) {
        const participant = await p.participant.create({
          data: { questionnaireId: questionnaire.id, irn: `IRN-${i}`, email: `p${i}@example.com` },
        });
        seeded.participantIds.push(participant.id);
      }
      const key = await insertApiKey(p, {
        questionnaireId: questionnaire.id,
        name: 'integration',
        scopes: ['participant:write'],
      });
      seeded.apiKey = key.record.api_key;
      const webhook = await configureWebhook(
        p,
        questionnaire.id,
        { url: 'http://127.0.0.1:9/hook' },
        { settings: testSettings() },
      );
      seeded.webhookSecret = webhook.secret!;
    } finally {
      await source.close();
    }

    const backup = await backupEmbeddedDatabase(sourceUrl, backupFile);
    expect(backup).toMatchObject({ participants: 25, file: backupFile });
    expect(fs.statSync(backupFile).size).toBe(backup.bytes);
    expect(await restoreEmbeddedDatabase(backupFile, restoredDir)).toMatchObject({ participants: 25 });
  });

  it('the restored database serves the same participants, keys and webhook secrets', async () => {
    const restored = createDatabase(`pglite:${restoredDir}`, 1);
    try {
      const p = restored.prisma;
      const participants = await p.participant.findMany({ orderBy: { irn: 'asc' } });
      expect(participants.map((x) => x.id).sort()).toEqual([...seeded.participantIds].sort());
      expect(participants.find((x) => x.irn === 'IRN-7')?.email).toBe('p7@example.com');

      const key = await findLiveApiKeyWithTenant(p, seeded.apiKey);
      expect(key?.questionnaireId).toBe(seeded.questionnaireId);
      expect(await findLiveApiKeyWithTenant(p, `${seeded.apiKey.slice(0, -1)}x`)).toBeNull();

      const secret = await revealSigningSecret(p, seeded.questionnaireId, { settings: testSettings() });
      expect(secret).toBe(seeded.webhookSecret);
      const body = JSON.stringify({ event: 'result.published' });
      const headers = signWebhook({ messageId: 'msg_1', timestamp: new Date(), body, secrets: [secret] });
      expect(verifyWebhook(seeded.webhookSecret, body, headers)).toEqual({ event: 'result.published' });
    } finally {
      await restored.close();
    }
  });

  it('refuses a backup while another process holds the database, saying what to do', async () => {
    const release = lockEmbeddedDataDir(path.join(dir, 'source'));
    try {
      const refusal = await backupEmbeddedDatabase(sourceUrl, path.join(dir, 'busy.tgz')).catch(
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(BackupRefusedError);
      expect((refusal as Error).message).toMatch(/Stop the server, run db:backup again/);
      expect(fs.existsSync(path.join(dir, 'busy.tgz'))).toBe(false);
    } finally {
      release();
    }
  });

  it('refuses a file that is not a backup, leaving no directory behind', async () => {
    const notABackup = path.join(dir, 'not-a-backup.tgz');
    fs.writeFileSync(notABackup, 'hello');
    const target = path.join(dir, 'from-garbage');
    const refusal = await restoreEmbeddedDatabase(notABackup, target).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BackupRefusedError);
    expect((refusal as Error).message).toMatch(/could not be restored/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('never restores over an existing database', async () => {
    const refusal = await restoreEmbeddedDatabase(backupFile, restoredDir).catch((e: unknown) => e);
    expect((refusal as Error).message).toMatch(/is not empty: restore into a new directory/);
  });
});
