// What an audit log page shows for a query string, read through the Admin door's procedures as the page's
// server-side caller does: filters read as UTC, actor names, keyset pages, bad input as a message instead of
// an error page, and the same refusals as the pages had (grants, operators only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCaller } from '@/server/doors/admin/server-caller';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { createAdmin } from '@/server/admins/users';
import { insertApiKey } from '@/server/api-keys/api-keys';
import { loadAuditLog, readAuditQuery } from './load-audit-log';

describe.each(testDatabaseKinds())('audit log page data (%s)', (kind) => {
  let db: TestDatabase;
  let questionnaireId: string;
  let otherQuestionnaireId: string;
  let adminId: string;
  let keyId: string;
  let strangerId: string;
  let strangerKeyId: string;
  let auditor: AdminCaller;
  let operator: AdminCaller;
  let stranger: AdminCaller;
  let signedOut: AdminCaller;

  const callerFor = (adminId: string | null) => adminCallerFor(db, adminId);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const tenant = await db.prisma.tenant.create({ data: { name: 'T' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
    const otherTenant = await db.prisma.tenant.create({ data: { name: 'Other' } });
    otherQuestionnaireId = (
      await db.prisma.questionnaire.create({ data: { tenantId: otherTenant.id, name: 'Other Q' } })
    ).id;
    adminId = (
      await createAdmin(db.prisma, {
        email: 'auditor@example.com',
        password: 'long-enough-password',
        questionnaireId,
      })
    ).id;
    const operatorId = (
      await createAdmin(db.prisma, {
        email: 'operator@example.com',
        password: 'long-enough-password',
        isOperator: true,
      })
    ).id;
    strangerId = (
      await createAdmin(db.prisma, {
        email: 'stranger@example.com',
        password: 'long-enough-password',
        questionnaireId: otherQuestionnaireId,
      })
    ).id;
    auditor = callerFor(adminId);
    operator = callerFor(operatorId);
    stranger = callerFor(strangerId);
    signedOut = callerFor(null);
    keyId = (await insertApiKey(db.prisma, { questionnaireId, name: 'CRM', scopes: ['participant:write'] }))
      .key.id;
    strangerKeyId = (
      await insertApiKey(db.prisma, {
        questionnaireId: otherQuestionnaireId,
        name: 'Other tenant CRM',
        scopes: ['participant:write'],
      })
    ).key.id;
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
      tz: undefined,
      cursor: undefined,
    });
  });

  it('shows 50 entries a page with names for the actors, and a cursor to the next page', async () => {
    const first = await loadAuditLog(auditor, questionnaireId, {});
    expect(first.error).toBeNull();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.targetId).toBe('t-59');
    expect(first.entries[0]!.at).toBe('2031-05-06T09:59:00.000Z');
    expect(first.actorNames[adminId]).toBe('auditor@example.com');
    expect(first.actorNames[keyId]).toMatch(/^CRM \(pais_live_.{4}….{4}\)$/);
    expect(first.actions).toEqual(['blocked_number.add', 'participant.create']);
    const second = await loadAuditLog(auditor, questionnaireId, { cursor: first.nextCursor! });
    expect(second.entries.map((e) => e.targetId)).toEqual(Array.from({ length: 10 }, (_, i) => `t-${9 - i}`));
    expect(second.nextCursor).toBeNull();
  });

  it('reads the time range as UTC and filters by actor and action', async () => {
    const page = await loadAuditLog(auditor, questionnaireId, {
      from: '2031-05-06T09:10',
      to: '2031-05-06T09:14',
      actorType: 'api_key',
      action: 'participant.create',
    });
    expect(page.entries.map((e) => e.targetId)).toEqual(['t-13', 't-11']);
  });

  it('reads the time range in the zone the form was sent in', async () => {
    // 14:40–14:44 in Kolkata (UTC+05:30) is 09:10–09:14 UTC; 02:10–02:14 in Los Angeles (PDT, UTC−7) too.
    for (const [tz, from, to] of [
      ['Asia/Kolkata', '2031-05-06T14:40', '2031-05-06T14:44'],
      ['America/Los_Angeles', '2031-05-06T02:10', '2031-05-06T02:14'],
    ])
      expect(
        (await loadAuditLog(auditor, questionnaireId, { from, to, tz, actorType: 'api_key' })).entries.map(
          (e) => e.targetId,
        ),
      ).toEqual(['t-13', 't-11']);
    const unknown = await loadAuditLog(auditor, questionnaireId, { tz: 'Mars/Olympus_Mons' });
    expect(unknown.error).toMatch(/^tz: Unknown time zone/);
    expect(unknown.entries).toEqual([]);
    expect(unknown.actions).toEqual(['blocked_number.add', 'participant.create']);
  });

  it("filtering by another tenant's Admin or key id reveals nothing of them: no entries, no name", async () => {
    for (const [actorType, actorId] of [
      ['admin', strangerId],
      ['api_key', strangerKeyId],
    ] as const) {
      const page = await loadAuditLog(auditor, questionnaireId, { actorType, actorId });
      expect(page.error).toBeNull();
      expect(page.entries).toEqual([]);
      expect(page.actorNames).toEqual({});
    }
    // Nor does an operator's page name an actor that none of its entries shows.
    const operatorPage = await loadAuditLog(operator, undefined, { actorType: 'admin', actorId: strangerId });
    expect(operatorPage.entries).toEqual([]);
    expect(operatorPage.actorNames).toEqual({});
  });

  it('names the questionnaires of the entries in the log of all questionnaires, and only there', async () => {
    const all = await loadAuditLog(operator, undefined, {});
    expect(all.entries.some((e) => e.questionnaireId === questionnaireId)).toBe(true);
    expect(all.questionnaireNames).toEqual({ [questionnaireId]: 'Q' });
    expect((await loadAuditLog(auditor, questionnaireId, {})).questionnaireNames).toEqual({});
  });

  it('names only the actors of the entries shown', async () => {
    const page = await loadAuditLog(auditor, questionnaireId, { actorType: 'admin', actorId: adminId });
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.actorNames).toEqual({ [adminId]: 'auditor@example.com' });
  });

  it('turns a bad filter or a forged cursor into a message, and still offers the actions', async () => {
    const robot = await loadAuditLog(auditor, questionnaireId, { actorType: 'robot' });
    expect(robot.error).toMatch(/^actorType: /);
    expect(robot.actions).toEqual(['blocked_number.add', 'participant.create']);
    expect((await loadAuditLog(auditor, questionnaireId, { from: 'yesterday' })).error).toMatch(/^from: /);
    expect((await loadAuditLog(auditor, questionnaireId, { cursor: 'x' })).error).toBe(
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
    expect((await loadAuditLog(operator, undefined, {})).entries[0]!.action).toBe('tenant.create');
    expect((await loadAuditLog(operator, questionnaireId, {})).entries[0]!.action).not.toBe('tenant.create');
    expect((await loadAuditLog(auditor, questionnaireId, {})).entries[0]!.action).not.toBe('tenant.create');
  });

  it('refuses what the pages refused: another tenant’s questionnaire, the operator page, signed out', async () => {
    // Not found, exactly like a questionnaire that does not exist (and before the filter is even read).
    await expect(loadAuditLog(stranger, questionnaireId, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(loadAuditLog(stranger, questionnaireId, { actorType: 'robot' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(loadAuditLog(auditor, crypto.randomUUID(), {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(loadAuditLog(auditor, undefined, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(loadAuditLog(signedOut, questionnaireId, {})).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await loadAuditLog(stranger, otherQuestionnaireId, {})).entries).toEqual([]);
  });
});
