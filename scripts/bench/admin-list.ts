// The Admin participants list at a million participants: server time of the first page, a page half-way
// down, and searches (an IRN start, text inside a field that few rows hold, text inside a field that every
// row holds, phone digits inside a number), through the same service the Admin app calls.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { participantPageSchema, searchParticipants } from '@/server/participants/search';
import { percentiles } from './http-load';

export interface AdminListFigures {
  participants: number;
  seedSeconds: number;
  firstPage: { p50: number; p95: number };
  deepPage: { p50: number; p95: number };
  search: { p50: number; p95: number };
  searchInside: { p50: number; p95: number };
  searchInsideCommon: { p50: number; p95: number };
  searchPhoneDigits: { p50: number; p95: number };
}

/**
 * Inserts participants number `first` to `count` (IRN-00000001 …), each with one attempt, in set-based SQL
 * (seconds, not minutes); `first` > 1 grows a database seeded before.
 */
export async function seedParticipants(
  db: PrismaClient,
  questionnaireId: string,
  count: number,
  first = 1,
): Promise<number> {
  const started = performance.now();
  const chunk = 250_000;
  for (let from = first; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await db.$executeRawUnsafe(
      `INSERT INTO participant (id, questionnaire_id, irn, email, phone_number1, external_ref_id, language, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'IRN-' || lpad(g::text, 8, '0'), 'person' || g || '@example.com',
              '+1202555' || lpad((g % 10000)::text, 4, '0'), 'EXT-' || g, 'English',
              now() - (g || ' seconds')::interval, now()
       FROM generate_series($2::int, $3::int) g`,
      questionnaireId,
      from,
      to,
    );
  }
  await db.$executeRawUnsafe(
    `INSERT INTO attempt (id, participant_id, number, access_code, guide_token, created_at)
     SELECT gen_random_uuid(), p.id, 1, 'AC-' || p.id::text, 'GT-' || p.id::text, p.created_at
     FROM participant p
     WHERE p.questionnaire_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM attempt a WHERE a.participant_id = p.id)`,
    questionnaireId,
  );
  await db.$executeRawUnsafe('ANALYZE participant');
  await db.$executeRawUnsafe('ANALYZE attempt');
  return (performance.now() - started) / 1000;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work(); // warm the cache and the plan
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const { p50, p95 } = percentiles(samples);
  return { p50, p95 };
}

export async function measureAdminList(
  db: PrismaClient,
  questionnaireId: string,
  participants: number,
  runs = 30,
): Promise<AdminListFigures> {
  const seedSeconds = await seedParticipants(db, questionnaireId, participants);
  const query = (overrides: Record<string, unknown>) =>
    participantPageSchema.parse({ limit: 50, ...overrides });
  // A cursor half-way down the default order (newest first), as the app would hold it after paging there.
  const [middle] = await db.$queryRawUnsafe<{ id: string; created_at: Date }[]>(
    `SELECT id::text, created_at FROM participant WHERE questionnaire_id = $1::uuid
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    questionnaireId,
    Math.floor(participants / 2),
  );
  const cursor = Buffer.from(
    JSON.stringify({
      sort: 'createdAt',
      direction: 'desc',
      value: middle!.created_at.toISOString(),
      id: middle!.id,
    }),
  ).toString('base64url');
  const search = `IRN-${String(Math.floor(participants * 0.7))
    .padStart(8, '0')
    .slice(0, 7)}`;
  return {
    participants,
    seedSeconds: Math.round(seedSeconds),
    firstPage: await time(runs, () => searchParticipants(db, questionnaireId, query({}))),
    deepPage: await time(runs, () => searchParticipants(db, questionnaireId, query({ cursor }))),
    search: await time(runs, () => searchParticipants(db, questionnaireId, query({ search }))),
    // The middle of one IRN ("00700001" → "0070000"), so only a trigram index finds it fast.
    searchInside: await time(runs, () =>
      searchParticipants(db, questionnaireId, query({ search: search.slice(5) })),
    ),
    searchInsideCommon: await time(runs, () =>
      searchParticipants(db, questionnaireId, query({ search: 'example.com' })),
    ),
    searchPhoneDigits: await time(runs, () =>
      searchParticipants(db, questionnaireId, query({ search: '5550123' })),
    ),
  };
}
