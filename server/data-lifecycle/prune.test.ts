// Retention on the real databases with a moved clock: every history table holds one row just past its
// retention and one just inside it; a dry run counts what would go, the run removes exactly that, and the
// audit log loses only whole past months (recorded), still refusing to lose a row any other way.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { createMonthPartitions, listMonthPartitions, MONTHS_AHEAD } from './partitions';
import { pruneHistory, type RetentionSettings } from './prune';
import { publishResult } from '@/server/results/results';
import { addParticipant, sampleResult, seedParticipant } from '@/server/test/webhook-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const settings: RetentionSettings = {
  webhookDeliveryDays: 30,
  idempotencyHours: 24,
  rateLimitBucketIdleHours: 24,
  importRowDays: 30,
  formSubmissionHours: 24,
  auditLogDays: 400,
  apiKeyRequestLogDays: 7,
};

describe.each(testDatabaseKinds())('data retention (%s)', (kind) => {
  let db: TestDatabase;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const ids = {
    oldDelivery: randomUUID(),
    youngDelivery: randomUUID(),
    oldPendingDelivery: randomUUID(),
    oldIdempotencyKey: 'old-key',
    youngIdempotencyKey: 'young-key',
    oldBucket: randomUUID(),
    youngBucket: randomUUID(),
    oldImport: randomUUID(),
    youngImport: randomUUID(),
    runningImport: randomUUID(),
    oldAudit: randomUUID(),
    youngAudit: randomUUID(),
  };
  const apiKeyId = randomUUID();
  const adminId = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const p = db.prisma;
    // The months the rows below fall in get their partitions first, as the schedule would have made them.
    await createMonthPartitions(p, 'audit_log', now, ago(480 * DAY));
    await createMonthPartitions(p, 'webhook_delivery_attempt', now, ago(70 * DAY));

    const tenant = await p.tenant.create({ data: { name: 'T' } });
    const questionnaire = await p.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } });
    const webhook = await p.webhookEndpoint.create({
      data: { questionnaireId: questionnaire.id, url: 'http://127.0.0.1:9/hook', secretEncrypted: 'x' },
    });
    const delivery = (id: string, status: 'succeeded' | 'pending', createdAt: Date, endedAt: Date) =>
      p.webhookDelivery.create({
        data: {
          id,
          messageId: `msg_${id}`,
          webhookId: webhook.id,
          eventType: 'result.published',
          payload: { big: 'x'.repeat(100) },
          status,
          createdAt,
          updatedAt: endedAt,
        },
      });
    await delivery(ids.oldDelivery, 'succeeded', ago(32 * DAY), ago(30 * DAY + HOUR));
    // Created long ago, ended (replayed) recently: the delivery stays, its oldest attempt's month goes.
    await delivery(ids.youngDelivery, 'succeeded', ago(62 * DAY), ago(30 * DAY - HOUR));
    await delivery(ids.oldPendingDelivery, 'pending', ago(40 * DAY), ago(40 * DAY));
    await p.webhookDeliveryAttempt.createMany({
      data: [
        { deliveryId: ids.oldDelivery, attemptedAt: ago(32 * DAY), durationMs: 5, statusCode: 500 },
        { deliveryId: ids.oldDelivery, attemptedAt: ago(30 * DAY + HOUR), durationMs: 5, statusCode: 200 },
        { deliveryId: ids.youngDelivery, attemptedAt: ago(62 * DAY), durationMs: 5, statusCode: 500 },
        { deliveryId: ids.youngDelivery, attemptedAt: ago(30 * DAY - HOUR), durationMs: 5, statusCode: 200 },
      ],
    });

    await p.idempotencyRecord.createMany({
      data: [
        {
          apiKeyId,
          key: ids.oldIdempotencyKey,
          requestHash: 'h',
          createdAt: ago(25 * HOUR),
          expiresAt: ago(HOUR),
        },
        {
          apiKeyId,
          key: ids.youngIdempotencyKey,
          requestHash: 'h',
          createdAt: ago(23 * HOUR),
          expiresAt: ago(-HOUR),
        },
      ],
    });
    await p.rateLimitBucket.createMany({
      data: [
        { apiKeyId: ids.oldBucket, tokens: 1, updatedAt: ago(25 * HOUR) },
        { apiKeyId: ids.youngBucket, tokens: 1, updatedAt: ago(23 * HOUR) },
      ],
    });

    const importWithRows = (id: string, status: string, finishedAt: Date | null, rows: number) =>
      p.participantImport.create({
        data: {
          id,
          questionnaireId: questionnaire.id,
          fileName: 'f.csv',
          status,
          totalRows: rows,
          invalidRows: 0,
          actorType: 'cli',
          createdAt: ago(40 * DAY),
          finishedAt,
          rows: {
            create: Array.from({ length: rows }, (_, i) => ({
              rowNumber: i + 1,
              irn: `IRN-${i}`,
              participantId: randomUUID(),
            })),
          },
        },
      });
    await importWithRows(ids.oldImport, 'done', ago(30 * DAY + HOUR), 3);
    await importWithRows(ids.youngImport, 'done', ago(30 * DAY - HOUR), 2);
    await importWithRows(ids.runningImport, 'running', null, 2);

    await p.adminFormSubmission.createMany({
      data: [
        { adminUserId: adminId, submissionId: randomUUID(), action: 'old', createdAt: ago(25 * HOUR) },
        { adminUserId: adminId, submissionId: randomUUID(), action: 'young', createdAt: ago(23 * HOUR) },
      ],
    });

    const call = (at: Date, status: number) => ({
      keyId: apiKeyId,
      at,
      method: 'POST',
      route: '/questionnaire/v1/participant',
      status,
      durationMs: 3,
      requestId: randomUUID(),
    });
    await p.apiKeyRequest.createMany({
      data: [call(ago(7 * DAY + HOUR), 201), call(ago(7 * DAY - HOUR), 401)],
    });
    await p.apiKeyUsageHour.createMany({
      data: [
        { keyId: apiKeyId, hour: ago(7 * DAY + HOUR), requests: 1, failed: 0, rateLimited: 0 },
        { keyId: apiKeyId, hour: ago(7 * DAY - HOUR), requests: 1, failed: 1, rateLimited: 0 },
      ],
    });

    const audit = (id: string, at: Date) =>
      p.auditLog.create({
        data: { id, at, actorType: 'system', action: 'tenant.create', targetType: 'tenant' },
      });
    await audit(ids.oldAudit, ago(470 * DAY));
    await audit(ids.youngAudit, ago(399 * DAY));
    // Sixteen months of partitions and every table's rows: a minute or more on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await db?.close();
  });

  const expected = {
    audit_log: 1,
    // The old delivery's two (with it), the young one's attempt from 62 days ago (its month dropped).
    webhook_delivery_attempt: 3,
    webhook_delivery: 1,
    idempotency_record: 1,
    rate_limit_bucket: 1,
    participant_import_row: 3,
    admin_form_submission: 1,
    api_key_request: 1,
    api_key_usage_hour: 1,
    participant_personal_data: 0,
  };

  it('counts what a dry run would remove, and changes nothing', async () => {
    const before = await db.prisma.webhookDeliveryAttempt.count();
    const report = await pruneHistory(db.prisma, settings, { now, dryRun: true });
    expect(report.removed).toEqual(expected);
    expect(report.partitionsCreated).toEqual([]);
    expect(await db.prisma.webhookDeliveryAttempt.count()).toBe(before);
    expect(await db.prisma.auditLog.count({ where: { id: ids.oldAudit } })).toBe(1);
  });

  it('removes each table’s rows past retention and nothing younger', async () => {
    const report = await pruneHistory(db.prisma, settings, { now });
    expect(report.removed).toEqual(expected);
    const p = db.prisma;
    expect((await p.webhookDelivery.findMany({ select: { id: true } })).map((d) => d.id).sort()).toEqual(
      [ids.youngDelivery, ids.oldPendingDelivery].sort(),
    );
    expect(
      await p.webhookDeliveryAttempt.findMany({ select: { deliveryId: true, statusCode: true } }),
    ).toEqual([{ deliveryId: ids.youngDelivery, statusCode: 200 }]);
    expect((await p.idempotencyRecord.findMany()).map((r) => r.key)).toEqual([ids.youngIdempotencyKey]);
    expect((await p.rateLimitBucket.findMany()).map((r) => r.apiKeyId)).toEqual([ids.youngBucket]);
    expect(await p.participantImportRow.count({ where: { importId: ids.oldImport } })).toBe(0);
    expect(await p.participantImportRow.count({ where: { importId: ids.youngImport } })).toBe(2);
    expect(await p.participantImportRow.count({ where: { importId: ids.runningImport } })).toBe(2);
    expect(await p.participantImport.count()).toBe(3);
    expect((await p.adminFormSubmission.findMany()).map((r) => r.action)).toEqual(['young']);
    expect((await p.apiKeyRequest.findMany()).map((r) => r.status)).toEqual([401]);
    expect((await p.apiKeyUsageHour.findMany()).map((r) => r.failed)).toEqual([1]);
    expect(await p.auditLog.count({ where: { id: { in: [ids.oldAudit, ids.youngAudit] } } })).toBe(1);
    expect(await p.auditLog.count({ where: { id: ids.youngAudit } })).toBe(1);
  });

  it('records each dropped audit month in the audit log, with its range and rows', async () => {
    const trims = await db.prisma.auditLog.findMany({ where: { action: 'audit_log.trim' } });
    expect(trims.length).toBeGreaterThan(0);
    expect(trims.reduce((sum, t) => sum + Number((t.details as { rows: number }).rows), 0)).toBe(1);
    for (const trim of trims) {
      expect(trim).toMatchObject({ actorType: 'system', targetType: 'audit_log' });
      expect(new Date((trim.details as { to: string }).to).getTime()).toBeLessThanOrEqual(
        ago(400 * DAY).getTime(),
      );
    }
  });

  it('still refuses to update, delete or truncate audit rows one way or another', async () => {
    const p = db.prisma;
    await expect(p.$executeRaw`DELETE FROM audit_log WHERE id = ${ids.youngAudit}::uuid`).rejects.toThrow(
      /append-only/,
    );
    await expect(
      p.$executeRaw`UPDATE audit_log SET action = 'x' WHERE id = ${ids.youngAudit}::uuid`,
    ).rejects.toThrow(/append-only/);
    const [partition] = await listMonthPartitions(p, 'audit_log');
    await expect(p.$executeRawUnsafe(`DELETE FROM "${partition!.name}"`)).rejects.toThrow(/append-only/);
    await expect(p.$executeRawUnsafe(`TRUNCATE "${partition!.name}"`)).rejects.toThrow(/append-only/);
    await expect(p.$executeRawUnsafe('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await p.auditLog.count({ where: { id: ids.youngAudit } })).toBe(1);
  });

  it('has created the partitions of the coming months, and a second run finds nothing to do', async () => {
    const months = (await listMonthPartitions(db.prisma, 'audit_log')).map((m) => m.from.getTime());
    const ahead = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1);
    expect(months).toContain(ahead);
    const report = await pruneHistory(db.prisma, settings, { now, dryRun: true });
    expect(Object.values(report.removed).every((n) => n === 0)).toBe(true);
  });
});

describe.each(testDatabaseKinds())('delivered marks outlive pruned deliveries (%s)', (kind) => {
  let db: TestDatabase;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps, per endpoint and result, the newest revision a pruned delivery had delivered', async () => {
    const p = db.prisma;
    const { questionnaireId, participantId } = await seedParticipant(p);
    /** A participant's result published at the given times (oldest first), and its revisions. */
    const resultWithRevisions = async (participant: string, times: Date[]) => {
      for (const at of times)
        await publishResult(p, {
          participantId: participant,
          result: sampleResult(),
          source: 'engine',
          now: at,
        });
      const result = await p.result.findFirstOrThrow({ where: { participantId: participant } });
      const revisions = await p.resultRevision.findMany({
        where: { resultId: result.id },
        orderBy: { createdAt: 'asc' },
      });
      return { result, revisions };
    };
    const updated = await resultWithRevisions(participantId, [ago(50 * DAY), ago(45 * DAY)]);
    const other = await addParticipant(p, questionnaireId);
    const failedOnly = await resultWithRevisions(other.participantId, [ago(50 * DAY)]);
    const webhook = await p.webhookEndpoint.create({
      data: { questionnaireId, url: 'http://127.0.0.1:9/hook', secretEncrypted: 'x' },
    });
    const delivery = (revisionId: string, status: 'succeeded' | 'failed', createdAt: Date) =>
      p.webhookDelivery.create({
        data: {
          messageId: `msg_${randomUUID()}`,
          webhookId: webhook.id,
          resultRevisionId: revisionId,
          eventType: 'result.published',
          payload: {},
          status,
          deliveredAt: status === 'succeeded' ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        },
      });
    // Both revisions delivered (the newer first, as a replay may do), and a failed copy of the newer one.
    await delivery(updated.revisions[1]!.id, 'succeeded', ago(44 * DAY));
    await delivery(updated.revisions[0]!.id, 'succeeded', ago(43 * DAY));
    await delivery(updated.revisions[1]!.id, 'failed', ago(42 * DAY));
    await delivery(failedOnly.revisions[0]!.id, 'failed', ago(42 * DAY));

    const report = await pruneHistory(p, settings, { now });
    expect(report.removed.webhook_delivery).toBe(4);
    const marks = await p.webhookResultDelivered.findMany({ where: { webhookId: webhook.id } });
    expect(marks.map((m) => [m.resultId, m.revisionId])).toEqual([
      [updated.result.id, updated.revisions[1]!.id],
    ]);

    // A later run that removes an older revision's delivery keeps the newer mark.
    await delivery(updated.revisions[0]!.id, 'succeeded', ago(41 * DAY));
    await pruneHistory(p, settings, { now });
    expect(
      (await p.webhookResultDelivered.findMany({ where: { webhookId: webhook.id } })).map(
        (m) => m.revisionId,
      ),
    ).toEqual([updated.revisions[1]!.id]);
  });
});
