// The audit log service against the real database: entries with their tenant, secrets kept out, the table
// append-only even for raw SQL, filters and keyset pages.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { recordAudit, searchAuditLog, listAuditActions, withAudit, type AuditAction } from './audit-log';

describe.each(testDatabaseKinds())('audit log (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let tenantId: string;
  let questionnaireId: string;
  let otherQuestionnaireId: string;

  beforeAll(async () => {
    tenantId = (await db.prisma.tenant.create({ data: { name: 'T' } })).id;
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId, name: 'Q' } })).id;
    otherQuestionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId, name: 'Q2' } })).id;
  });

  it('records who, what, where and which tenant (looked up from the questionnaire)', async () => {
    await recordAudit(db.prisma, {
      actor: { type: 'admin', id: 'admin-1', sourceIp: '203.0.113.9' },
      action: 'questionnaire.update',
      targetType: 'questionnaire',
      targetId: questionnaireId,
      questionnaireId,
      details: { fields: ['name'] },
    });
    const [entry] = (await searchAuditLog(db.prisma, { questionnaireId, action: 'questionnaire.update' }))
      .entries;
    expect(entry).toMatchObject({
      actorType: 'admin',
      actorId: 'admin-1',
      sourceIp: '203.0.113.9',
      tenantId,
      questionnaireId,
      targetId: questionnaireId,
      details: { fields: ['name'] },
    });
    expect(Math.abs(entry!.at.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('never stores secrets: credential fields and values shaped like our keys are redacted', async () => {
    await recordAudit(db.prisma, {
      actor: { type: 'cli', id: 'ops' },
      action: 'test.secrets' as AuditAction,
      targetType: 'webhook',
      questionnaireId,
      details: {
        password: 'hunter2hunter2',
        secret: 'whsec_abc',
        headerValue: 'static-credential',
        nested: { clientSecret: 'cs', note: 'key pais_live_AbCdEf012345 leaked', list: ['whsec_x', 'fine'] },
        apiKey: 'anything',
        name: 'kept',
      },
    });
    const [entry] = (await searchAuditLog(db.prisma, { action: 'test.secrets' })).entries;
    expect(entry!.details).toEqual({
      password: '[redacted]',
      secret: '[redacted]',
      headerValue: '[redacted]',
      nested: { clientSecret: '[redacted]', note: '[redacted]', list: ['[redacted]', 'fine'] },
      apiKey: '[redacted]',
      name: 'kept',
    });
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|whsec_|pais_live_|static-credential/);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database itself', async () => {
    await recordAudit(db.prisma, {
      actor: { type: 'system' },
      action: 'test.append' as AuditAction,
      targetType: 'x',
    });
    const count = await db.prisma.auditLog.count();
    await expect(db.prisma.$executeRawUnsafe(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.prisma.$executeRawUnsafe(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.prisma.$executeRawUnsafe(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.prisma.auditLog.deleteMany({})).rejects.toThrow();
    expect(await db.prisma.auditLog.count()).toBe(count);
    expect(await db.prisma.auditLog.count({ where: { action: 'forged' } })).toBe(0);
  });

  it('withAudit: the change and its entry commit together or not at all', async () => {
    const name = `audited-${kind}`;
    await expect(
      withAudit(
        db.prisma,
        (tx) => tx.tenant.create({ data: { name } }),
        () => {
          throw new Error('describing failed');
        },
      ),
    ).rejects.toThrow('describing failed');
    expect(await db.prisma.tenant.count({ where: { name } })).toBe(0);
    const tenant = await withAudit(
      db.prisma,
      (tx) => tx.tenant.create({ data: { name } }),
      (t) => ({
        actor: { type: 'cli', id: 'ops' },
        action: 'tenant.create',
        targetType: 'tenant',
        targetId: t.id,
      }),
    );
    expect((await searchAuditLog(db.prisma, { search: tenant.id })).entries).toHaveLength(1);
  });

  describe('search', () => {
    const base = Date.UTC(2030, 0, 1);
    beforeAll(async () => {
      // 25 entries a minute apart, in two questionnaires, by two actors, with three actions.
      for (let i = 0; i < 25; i++) {
        await db.prisma.auditLog.create({
          data: {
            at: new Date(base + i * 60_000),
            actorType: i % 2 ? 'api_key' : 'admin',
            actorId: i % 2 ? 'key-1' : 'admin-1',
            action: ['participant.create', 'participant.outcome', 'api_key.delete'][i % 3]!,
            targetType: i % 3 === 2 ? 'api_key' : 'participant',
            targetId: `target-${i}`,
            tenantId,
            questionnaireId: i < 20 ? questionnaireId : otherQuestionnaireId,
          },
        });
      }
    });
    const window = { from: new Date(base).toISOString(), to: new Date(base + 3600_000).toISOString() };

    it('pages newest first with a keyset cursor, no entry twice, none skipped', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await searchAuditLog(db.prisma, { ...window, limit: 7, cursor });
        seen.push(...page.entries.map((e) => e.targetId!));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `target-${24 - i}`));
    });

    it('a page stays stable when newer entries arrive', async () => {
      const first = await searchAuditLog(db.prisma, { ...window, limit: 5 });
      await db.prisma.auditLog.create({
        data: {
          at: new Date(base + 30 * 60_000),
          actorType: 'system',
          action: 'late.arrival',
          targetType: 'x',
        },
      });
      const second = await searchAuditLog(db.prisma, { ...window, limit: 5, cursor: first.nextCursor! });
      expect(second.entries.map((e) => e.targetId)).toEqual([
        'target-19',
        'target-18',
        'target-17',
        'target-16',
        'target-15',
      ]);
    });

    it('filters by questionnaire, actor, action (exact or group), text and time range', async () => {
      const ids = async (filter: Parameters<typeof searchAuditLog>[1]) =>
        (await searchAuditLog(db.prisma, { ...window, ...filter, limit: 200 })).entries.map((e) =>
          Number(e.targetId?.split('-')[1]),
        );
      expect(await ids({ questionnaireId: otherQuestionnaireId })).toEqual([24, 23, 22, 21, 20]);
      expect((await ids({ actorType: 'api_key', actorId: 'key-1' })).every((i) => i % 2 === 1)).toBe(true);
      expect(await ids({ action: 'api_key.delete' })).toEqual([23, 20, 17, 14, 11, 8, 5, 2]);
      expect((await ids({ action: 'participant.' })).length).toBe(17);
      expect(await ids({ search: 'TARGET-13' })).toEqual([13]);
      expect(
        await ids({
          from: new Date(base + 3 * 60_000).toISOString(),
          to: new Date(base + 5 * 60_000).toISOString(),
        }),
      ).toEqual([5, 4, 3]);
    });

    it('refuses a forged cursor with a clear message', async () => {
      await expect(searchAuditLog(db.prisma, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
        kind: 'BAD_REQUEST',
        message: 'The page cursor is not valid: start again from the first page',
      });
    });

    it('lists the recorded actions for a filter’s choices', async () => {
      expect(await listAuditActions(db.prisma, otherQuestionnaireId)).toEqual([
        'api_key.delete',
        'participant.create',
        'participant.outcome',
      ]);
    });

    it('lists every action recorded anywhere, each once and in order, for the all-questionnaires filter', async () => {
      const all = await listAuditActions(db.prisma);
      expect(new Set(all).size).toBe(all.length);
      expect(all).toEqual(
        expect.arrayContaining([
          'api_key.delete',
          'late.arrival',
          'participant.create',
          'participant.outcome',
          'questionnaire.update',
        ]),
      );
      // The entry of no questionnaire (the test above) is in the list of all, not in a questionnaire's.
      const forOne = await listAuditActions(db.prisma, questionnaireId);
      expect(forOne).toEqual(expect.arrayContaining(['participant.create', 'questionnaire.update']));
      expect(forOne).not.toContain('late.arrival');
    });
  });
});
