import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { seedQuestionnaire } from '@/server/test/questionnaire-fixture';
import { blockNumber } from '../blocked-numbers/blocked-numbers';
import { createParticipant, loadParticipantView } from './participants';
import {
  allParticipants,
  countParticipants,
  NONE,
  participantFilterOptions,
  participantPageSchema,
  searchParticipants,
  type ParticipantPageQuery,
  type ParticipantRow,
} from './search';
import { testActor } from '@/server/test/actor';

const query = (overrides: Partial<ParticipantPageQuery> = {}) =>
  participantPageSchema.parse({ ...overrides });

let codeCounter = 0;
const attemptCodes = () => {
  codeCounter += 1;
  return {
    accessCode: `CODE-${codeCounter}-${Math.random()}`,
    guideToken: `tok-${codeCounter}-${Math.random()}`,
  };
};

/** Inserts participants directly (bulk), each with `attempts` attempts. */
async function insertParticipants(
  db: PrismaClient,
  questionnaireId: string,
  rows: {
    irn: string;
    createdAt?: Date;
    email?: string;
    externalRefId?: string;
    phoneNumber1?: string;
    phoneNumber2?: string;
    outcome?: string;
    attempts?: number;
  }[],
) {
  const ids: string[] = [];
  for (const row of rows) {
    const created = await db.participant.create({
      data: {
        questionnaireId,
        irn: row.irn,
        email: row.email ?? null,
        externalRefId: row.externalRefId ?? null,
        phoneNumber1: row.phoneNumber1 ?? null,
        phoneNumber2: row.phoneNumber2 ?? null,
        outcome: row.outcome ?? null,
        outcomeTs: row.outcome ? new Date() : null,
        createdAt: row.createdAt,
        attempts: {
          create: Array.from({ length: row.attempts ?? 1 }, (_, i) => ({ number: i + 1, ...attemptCodes() })),
        },
      },
      select: { id: true },
    });
    ids.push(created.id);
  }
  return ids;
}

async function collectAll(
  db: PrismaClient,
  questionnaireId: string,
  overrides: Partial<ParticipantPageQuery>,
  limit: number,
): Promise<ParticipantRow[]> {
  const seen: ParticipantRow[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await searchParticipants(db, questionnaireId, query({ ...overrides, cursor, limit }), 'US');
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    seen.push(...page.rows);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('pagination did not end');
}

describe.each(testDatabaseKinds())('participant search (%s)', (kind) => {
  const db = useTestDatabase(kind);
  /** The IRNs a search of the questionnaire finds (in any field unless `searchField` says), in IRN order. */
  const irnsFound = async (
    questionnaireId: string,
    search: string,
    searchField: ParticipantPageQuery['searchField'] = 'any',
  ) =>
    (
      await searchParticipants(
        db.prisma,
        questionnaireId,
        query({ search, searchField, sort: 'irn', direction: 'asc' }),
        'US',
      )
    ).rows.map((r) => r.irn);

  it('pages through every participant exactly once in each sort order, ties on time broken by id', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Paging' });
    const same = new Date('2026-01-01T10:00:00.000Z');
    // Seven share one creation time: the id must decide their order and no page boundary may lose one.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      irn: `IRN-${String(i).padStart(3, '0')}`,
      createdAt: i < 7 ? same : new Date(same.getTime() + i * 1000),
    }));
    const ids = await insertParticipants(db.prisma, q.questionnaireId, rows);
    const other = await seedQuestionnaire(db.prisma, { name: 'Other' });
    await insertParticipants(db.prisma, other.questionnaireId, [{ irn: 'IRN-000' }, { irn: 'OTHER-1' }]);

    const byCreatedDesc = await collectAll(
      db.prisma,
      q.questionnaireId,
      { sort: 'createdAt', direction: 'desc' },
      5,
    );
    expect(byCreatedDesc.map((r) => r.id).sort()).toEqual([...ids].sort());
    const expectedDesc = [...byCreatedDesc].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(byCreatedDesc.map((r) => r.id)).toEqual(expectedDesc.map((r) => r.id));

    const byCreatedAsc = await collectAll(
      db.prisma,
      q.questionnaireId,
      { sort: 'createdAt', direction: 'asc' },
      4,
    );
    expect(byCreatedAsc.map((r) => r.id)).toEqual([...expectedDesc].reverse().map((r) => r.id));

    const byIrn = await collectAll(db.prisma, q.questionnaireId, { sort: 'irn', direction: 'asc' }, 6);
    expect(byIrn.map((r) => r.irn)).toEqual(rows.map((r) => r.irn));
    const byIrnDesc = await collectAll(db.prisma, q.questionnaireId, { sort: 'irn', direction: 'desc' }, 10);
    expect(byIrnDesc.map((r) => r.irn)).toEqual(rows.map((r) => r.irn).reverse());
  });

  it('keeps its place when participants are added between pages', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Stable' });
    const start = new Date('2026-02-01T00:00:00.000Z');
    await insertParticipants(
      db.prisma,
      q.questionnaireId,
      Array.from({ length: 6 }, (_, i) => ({
        irn: `S-${i}`,
        createdAt: new Date(start.getTime() + i * 1000),
      })),
    );
    const first = await searchParticipants(db.prisma, q.questionnaireId, query({ limit: 3 }), 'US');
    expect(first.rows.map((r) => r.irn)).toEqual(['S-5', 'S-4', 'S-3']);
    await insertParticipants(db.prisma, q.questionnaireId, [{ irn: 'S-new' }]);
    const second = await searchParticipants(
      db.prisma,
      q.questionnaireId,
      query({ limit: 3, cursor: first.nextCursor }),
      'US',
    );
    expect(second.rows.map((r) => r.irn)).toEqual(['S-2', 'S-1', 'S-0']);
    expect(second.nextCursor).toBeNull();
  });

  it('pages back with prevCursor and jumps to a page by number', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Back and forth' });
    await insertParticipants(
      db.prisma,
      q.questionnaireId,
      Array.from({ length: 7 }, (_, i) => ({ irn: `B-${i}` })),
    );
    const page = (overrides: Partial<ParticipantPageQuery>) =>
      searchParticipants(
        db.prisma,
        q.questionnaireId,
        query({ sort: 'irn', direction: 'asc', limit: 3, ...overrides }),
        'US',
      );
    const irns = (p: { rows: ParticipantRow[] }) => p.rows.map((r) => r.irn);
    const first = await page({});
    expect(first.prevCursor).toBeNull();
    const second = await page({ cursor: first.nextCursor });
    const third = await page({ cursor: second.nextCursor });
    expect(irns(third)).toEqual(['B-6']);
    expect(third.nextCursor).toBeNull();
    const backToSecond = await page({ cursor: third.prevCursor });
    expect(irns(backToSecond)).toEqual(['B-3', 'B-4', 'B-5']);
    const backToFirst = await page({ cursor: backToSecond.prevCursor });
    expect(irns(backToFirst)).toEqual(['B-0', 'B-1', 'B-2']);
    expect(backToFirst.prevCursor).toBeNull();
    expect(irns(await page({ cursor: backToFirst.nextCursor }))).toEqual(['B-3', 'B-4', 'B-5']);

    const jumped = await page({ page: 2 });
    expect(irns(jumped)).toEqual(['B-3', 'B-4', 'B-5']);
    expect(irns(await page({ cursor: jumped.prevCursor }))).toEqual(['B-0', 'B-1', 'B-2']);
    expect(irns(await page({ cursor: jumped.nextCursor }))).toEqual(['B-6']);
    await expect(page({ page: 4_000, limit: 3 })).rejects.toMatchObject({ kind: 'BAD_REQUEST' });
  });

  it('refuses a cursor that was tampered with or belongs to another sort order', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Cursor' });
    await insertParticipants(db.prisma, q.questionnaireId, [{ irn: 'C-1' }, { irn: 'C-2' }]);
    const page = await searchParticipants(db.prisma, q.questionnaireId, query({ limit: 1 }), 'US');
    expect(page.nextCursor).not.toBeNull();
    await expect(
      searchParticipants(
        db.prisma,
        q.questionnaireId,
        query({ limit: 1, cursor: page.nextCursor, sort: 'irn' }),
        'US',
      ),
    ).rejects.toMatchObject({ kind: 'BAD_REQUEST' });
    await expect(
      searchParticipants(db.prisma, q.questionnaireId, query({ cursor: 'not-a-cursor' }), 'US'),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('searches by IRN, email, external reference and phone, and never across questionnaires', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Search' });
    await insertParticipants(db.prisma, q.questionnaireId, [
      { irn: 'ALPHA-1', email: 'ann@example.com', externalRefId: 'crm_100', phoneNumber1: '+14155550101' },
      { irn: 'ALPHA-2', email: 'bob@example.com', externalRefId: 'crm_200', phoneNumber2: '+442079460958' },
      { irn: 'BETA-1', email: 'carla@example.org', externalRefId: 'x%_1' },
    ]);
    const other = await seedQuestionnaire(db.prisma, { name: 'Search other' });
    await insertParticipants(db.prisma, other.questionnaireId, [
      { irn: 'ALPHA-3', email: 'ann@other.example' },
    ]);
    const irns = (search: string, searchField?: ParticipantPageQuery['searchField']) =>
      irnsFound(q.questionnaireId, search, searchField);

    expect(await irns('ALPHA')).toEqual(['ALPHA-1', 'ALPHA-2']);
    expect(await irns('alpha', 'irn')).toEqual(['ALPHA-1', 'ALPHA-2']);
    expect(await irns('Ann@Example', 'email')).toEqual(['ALPHA-1']);
    expect(await irns('CRM_2', 'externalRef')).toEqual(['ALPHA-2']);
    // LIKE wildcards in the search text are taken literally.
    expect(await irns('x%')).toEqual(['BETA-1']);
    expect(await irns('crm%')).toEqual([]);
    expect(await irns('(415) 555-0101', 'phone')).toEqual(['ALPHA-1']);
    expect(await irns('+44 20 7946 0958')).toEqual(['ALPHA-2']);
    expect(await irns('+4420', 'phone')).toEqual(['ALPHA-2']);
    expect(await irns('ALPHA', 'email')).toEqual([]);
  });

  it('finds text inside fields from three characters on, and field starts below that', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Inside' });
    await insertParticipants(db.prisma, q.questionnaireId, [
      {
        irn: 'IRN-1002',
        email: 'dana@example.com',
        externalRefId: 'CRM-77-A',
        phoneNumber1: '(202) 555-0143',
      },
      { irn: 'IRN-2002', email: 'eve@sample.org', externalRefId: 'ERP-9', phoneNumber2: '+44 20 7946 0958' },
      { irn: 'X-3', email: 'x10@other.net' },
    ]);
    const irns = (search: string, searchField?: ParticipantPageQuery['searchField']) =>
      irnsFound(q.questionnaireId, search, searchField);

    expect(await irns('1002')).toEqual(['IRN-1002']);
    expect(await irns('002')).toEqual(['IRN-1002', 'IRN-2002']);
    expect(await irns('example.com')).toEqual(['IRN-1002']);
    expect(await irns('EXAMPLE.COM', 'email')).toEqual(['IRN-1002']);
    expect(await irns('77-a', 'externalRef')).toEqual(['IRN-1002']);
    expect(await irns('5550143')).toEqual(['IRN-1002']);
    expect(await irns('555-0143', 'phone')).toEqual(['IRN-1002']);
    expect(await irns('7946')).toEqual(['IRN-2002']);
    expect(await irns('1002', 'email')).toEqual([]);
    // Two characters: the start of a field only.
    expect(await irns('10')).toEqual([]);
    expect(await irns('x1')).toEqual(['X-3']);
    const { count } = await countParticipants(
      db.prisma,
      q.questionnaireId,
      query({ search: 'sample' }),
      'US',
    );
    expect(count).toBe(1);
  });

  it('shows and filters the allowed state by the REST rule: blocked numbers and the attempt limit', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Allowed' });
    await db.prisma.questionnaire.update({ where: { id: q.questionnaireId }, data: { attemptLimit: 2 } });
    const scope = { questionnaireId: q.questionnaireId, tenantId: q.tenantId };
    await blockNumber(db.prisma, q.questionnaireId, '+44 20 7946 0001', testActor, 'GB');
    await blockNumber(db.prisma, q.questionnaireId, '+1 415 555 0199', testActor, 'US');
    // Sent in national form: the REST door reads it in the deployment's country (US in tests).
    await createParticipant(
      db.prisma,
      scope,
      {
        projectId: q.questionnaireId,
        irn: 'BLOCKED-NATIONAL',
        phoneNumber2: '(415) 555-0199',
      },
      { actor: testActor },
    );
    const blocked = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: q.questionnaireId,
        irn: 'BLOCKED',
        phoneNumber1: '+44 20 7946 0001',
      },
      { actor: testActor },
    );
    const blockedSecond = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: q.questionnaireId,
        irn: 'BLOCKED-2',
        phoneNumber1: '+1 415 555 0000',
        phoneNumber2: '+442079460001',
      },
      { actor: testActor },
    );
    const fine = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: q.questionnaireId,
        irn: 'FINE',
        phoneNumber1: '+44 20 7946 0002',
      },
      { actor: testActor },
    );
    const [overLimit] = await insertParticipants(db.prisma, q.questionnaireId, [
      { irn: 'OVER', attempts: 3 },
    ]);
    await insertParticipants(db.prisma, q.questionnaireId, [{ irn: 'AT-LIMIT', attempts: 2 }]);

    const all = (
      await searchParticipants(db.prisma, q.questionnaireId, query({ sort: 'irn', direction: 'asc' }), 'US')
    ).rows;
    expect(all.map((r) => [r.irn, r.isAllowed, r.disallowedReason])).toEqual([
      ['AT-LIMIT', true, null],
      ['BLOCKED', false, 'blocked_number'],
      ['BLOCKED-2', false, 'blocked_number'],
      ['BLOCKED-NATIONAL', false, 'blocked_number'],
      ['FINE', true, null],
      ['OVER', false, 'attempt_limit'],
    ]);
    // The same answer as the REST door gives for each participant.
    for (const row of all) {
      expect((await loadParticipantView(db.prisma, row.id))?.isAllowed).toBe(row.isAllowed);
    }
    expect([blocked.isAllowed, blockedSecond.isAllowed, fine.isAllowed]).toEqual([false, false, true]);
    expect(overLimit).toBeDefined();

    const filtered = async (allowed: ParticipantPageQuery['allowed']) =>
      (
        await searchParticipants(
          db.prisma,
          q.questionnaireId,
          query({ allowed, sort: 'irn', direction: 'asc' }),
          'US',
        )
      ).rows.map((r) => r.irn);
    expect(await filtered('disallowed')).toEqual(['BLOCKED', 'BLOCKED-2', 'BLOCKED-NATIONAL', 'OVER']);
    expect(await filtered('allowed')).toEqual(['AT-LIMIT', 'FINE']);
    expect(
      await countParticipants(db.prisma, q.questionnaireId, query({ allowed: 'disallowed' }), 'US'),
    ).toEqual({
      count: 4,
      capped: false,
    });
  });

  it('filters by outcome and by the status of the latest result, and lists the values in use', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Outcomes' });
    const [withResult, retaken, noResult] = await insertParticipants(db.prisma, q.questionnaireId, [
      { irn: 'R-1', outcome: 'COMPLETED' },
      { irn: 'R-2', outcome: 'NO_ANSWER', attempts: 2 },
      { irn: 'R-3' },
    ]);
    const publish = async (participantId: string, attemptNumber: number, status: string) => {
      const attempt = await db.prisma.attempt.findFirstOrThrow({
        where: { participantId, number: attemptNumber },
      });
      await db.prisma.result.create({
        data: {
          participantId,
          attemptId: attempt.id,
          status,
          overallEvaluation: 'LR',
          questionsRiskRating: [],
          isAdmission: false,
          isCounterMeasure: false,
          isNotComplete: false,
        },
      });
    };
    await publish(withResult!, 1, 'Result Published');
    // R-2's first attempt was published, its retake is still partial: the latest counts.
    await publish(retaken!, 1, 'Result Published');
    await publish(retaken!, 2, 'Attempted - Partial');
    const irns = async (filter: Partial<ParticipantPageQuery>) =>
      (
        await searchParticipants(
          db.prisma,
          q.questionnaireId,
          query({ ...filter, sort: 'irn', direction: 'asc' }),
          'US',
        )
      ).rows.map((r) => `${r.irn}:${r.resultStatus ?? '-'}`);
    expect(await irns({ outcome: 'COMPLETED' })).toEqual(['R-1:Result Published']);
    expect(await irns({ outcome: NONE })).toEqual(['R-3:-']);
    expect(await irns({ resultStatus: 'Result Published' })).toEqual(['R-1:Result Published']);
    expect(await irns({ resultStatus: 'Attempted - Partial' })).toEqual(['R-2:Attempted - Partial']);
    expect(await irns({ resultStatus: NONE })).toEqual(['R-3:-']);
    expect(noResult).toBeDefined();
    const options = await participantFilterOptions(db.prisma, q.questionnaireId);
    expect(options.outcomes).toEqual(['COMPLETED', 'NO_ANSWER']);
    expect(options.resultStatuses).toEqual(
      expect.arrayContaining(['Attempted - Partial', 'Result Published']),
    );
  });

  it('counts up to the cap and streams every match for export', async () => {
    const q = await seedQuestionnaire(db.prisma, { name: 'Counting' });
    await db.prisma.$executeRaw`
      INSERT INTO participant (id, questionnaire_id, irn, updated_at)
      SELECT gen_random_uuid(), ${q.questionnaireId}::uuid, 'N-' || lpad(i::text, 6, '0'), now()
      FROM generate_series(1, 10050) AS i`;
    expect(await countParticipants(db.prisma, q.questionnaireId, query(), 'US')).toEqual({
      count: 10_000,
      capped: true,
    });
    expect(await countParticipants(db.prisma, q.questionnaireId, query({ search: 'N-00999' }), 'US')).toEqual(
      {
        count: 10,
        capped: false,
      },
    );
    let total = 0;
    let pages = 0;
    for await (const rows of allParticipants(
      db.prisma,
      q.questionnaireId,
      query({ search: 'N-00' }),
      'US',
      2_000,
    )) {
      total += rows.length;
      pages += 1;
    }
    expect(total).toBe(9_999);
    expect(pages).toBe(5);
  });
});
