// What the participant service tests share: a questionnaire with guide texts to create participants in, a
// maker of participants with fresh IRNs, and the kind and message of an AppError a call fails with.
import { afterAll, beforeAll } from 'vitest';
import { createParticipant, type ParticipantScope } from '@/server/participants/participants';
import { createTestDatabase, type TestDatabase } from './database';
import { testActor } from './actor';
import { appErrorFrom } from './app-error';
import { seedQuestionnaire } from './questionnaire-fixture';

/** A tenant and a questionnaire (with a phone number and guide texts in two languages), as a scope. */
const seedParticipantScope = (db: TestDatabase): Promise<ParticipantScope> =>
  seedQuestionnaire(db.prisma, {
    name: 'Onboarding check',
    phoneNumber: '+44 20 7946 0000',
    guideTexts: { English: 'Call and give your code.', Français: 'Appelez et donnez votre code.' },
  });

/**
 * Creates participants in the scope the getter returns, by the test actor, each with a fresh IRN starting
 * `irnPrefix` (or the `irn` that `extra` gives) and `extra`'s other fields.
 */
export function participantMaker(db: () => TestDatabase, scope: () => ParticipantScope, irnPrefix: string) {
  let n = 0;
  return (extra: Record<string, string> = {}) =>
    createParticipant(
      db().prisma,
      scope(),
      { projectId: scope().questionnaireId, irn: `${irnPrefix}-${++n}`, ...extra },
      { actor: testActor },
    );
}

/**
 * A describe block's test database of `kind` with a seeded scope, opened before its tests and closed after
 * (`db()` and `scope()` read them inside a test), and a maker of participants in it whose IRNs start `irnPrefix`.
 */
export function useParticipantTestScope(kind: 'pglite' | 'postgresql', irnPrefix: string) {
  let db: TestDatabase;
  let scope: ParticipantScope;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    scope = await seedParticipantScope(db);
  });
  afterAll(() => db.close());
  const get = { db: () => db, scope: () => scope };
  return { ...get, create: participantMaker(get.db, get.scope, irnPrefix) };
}

/** The kind and message of the AppError `promise` rejects with (the test fails if it resolves). */
export async function appErrorOf(promise: Promise<unknown>) {
  const error = await appErrorFrom(promise);
  return { kind: error.kind, message: error.message };
}
