// What an audit log page shows for a query string: filters read as UTC, actor names, keyset pages, and bad
// input as a message instead of an error page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { createAdmin } from '@/server/services/admin-users';
import { insertApiKey } from '@/server/services/api-keys';
import { loadAuditLog, readAuditQuery } from './load-audit-log';

describe('audit log page data', () => {
  let db: TestDatabase;
  let questionnaireId: string;
  let adminId: string;
  let keyId: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    const tenant = await db.prisma.tenant.create({ data: { name: 'T' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
    adminId = (
      await createAdmin(db.prisma, { email: 'auditor@example.com', password: 'long-enough-password' })
    ).id;
    keyId = (await insertApiKey(db.prisma, { questionnaireId, name: 'CRM', scopes: ['participant:write'] }))
      .key.id;
    const at = (minute: number) => new Date(Date.UTC(2031, 4, 6, 9, minute));
    for (let i = 0; i < 60; i++) {
      await db.prisma.auditLog.create({
        data: {
          at: at(i),
          actorType: i % 2 ? 'api_key' : 'admin',
          actorId: i % 2 ? keyId : adminId,
          action: i % 2 ? 'participant.create' : 'blocked_number.add',
          targetType: 'participant',
          targetId: `t-${i}`,
          questionnaireId,
        },
      });
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reads one value per parameter from the query string, ignoring blanks', () => {
    expect(readAuditQuery({ action: ['a.b', 'c.d'], search: '  ', from: '2031-05-06T09:00' })).toEqual({
      action: 'a.b',
      from: '2031-05-06T09:00',
      actorType: undefined,
      actorId: undefined,
      search: undefined,
      to: undefined,
      cursor: undefined,
    });
  });

  it('shows 50 entries a page with names for the actors, and a cursor to the next page', async () => {
    const first = await loadAuditLog(db.prisma, questionnaireId, {});
    expect(first.error).toBeNull();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.targetId).toBe('t-59');
    expect(first.actorNames[adminId]).toBe('auditor@example.com');
    expect(first.actorNames[keyId]).toMatch(/^CRM \(pais_live_.{4}….{4}\)$/);
    expect(first.actions).toEqual(['blocked_number.add', 'participant.create']);
    const second = await loadAuditLog(db.prisma, questionnaireId, { cursor: first.nextCursor! });
    expect(second.entries.map((e) => e.targetId)).toEqual(Array.from({ length: 10 }, (_, i) => `t-${9 - i}`));
    expect(second.nextCursor).toBeNull();
  });

  it('reads the time range as UTC and filters by actor and action', async () => {
    const page = await loadAuditLog(db.prisma, questionnaireId, {
      from: '2031-05-06T09:10',
      to: '2031-05-06T09:14',
      actorType: 'api_key',
      action: 'participant.create',
    });
    expect(page.entries.map((e) => e.targetId)).toEqual(['t-13', 't-11']);
  });

  it('turns a bad filter or a forged cursor into a message', async () => {
    expect((await loadAuditLog(db.prisma, questionnaireId, { actorType: 'robot' })).error).toMatch(
      /^actorType: /,
    );
    expect((await loadAuditLog(db.prisma, questionnaireId, { from: 'yesterday' })).error).toMatch(/^from: /);
    expect((await loadAuditLog(db.prisma, questionnaireId, { cursor: 'x' })).error).toBe(
      'The page cursor is not valid: start again from the first page',
    );
  });

  it('an operator page (no questionnaire) sees entries of every questionnaire', async () => {
    await db.prisma.auditLog.create({
      data: {
        actorType: 'cli',
        action: 'tenant.create',
        targetType: 'tenant',
        at: new Date(Date.UTC(2031, 4, 7)),
      },
    });
    expect((await loadAuditLog(db.prisma, undefined, {})).entries[0]!.action).toBe('tenant.create');
    expect((await loadAuditLog(db.prisma, questionnaireId, {})).entries[0]!.action).not.toBe('tenant.create');
  });
});
