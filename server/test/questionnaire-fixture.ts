// What nearly every test starts from: a tenant, a questionnaire in it and an API key to that questionnaire.
// Written straight to the database, without audit entries or input checks: the services that do those
// (createTenant, createQuestionnaire, createApiKey) have their own tests, and a fixture must not depend on them.
// The REST harness and the participant and webhook fixtures seed through these two functions.
import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/platform/db/client';
import { API_KEY_SCOPES, insertApiKey, type ApiKeyScope, type ScopeField } from '@/server/api-keys/api-keys';

/** Every scope the service knows, from its own list: a scope added there is in every default test key. */
export const ALL_SCOPES: ApiKeyScope[] = [...API_KEY_SCOPES];

export interface SeededQuestionnaire {
  tenantId: string;
  questionnaireId: string;
}

export interface QuestionnaireSeed {
  /** Adds the questionnaire to this tenant; without it, to a new tenant. */
  tenantId?: string;
  /** The new tenant's name (a unique one by default). */
  tenantName?: string;
  /** The questionnaire's name (a unique one by default). */
  name?: string;
  attemptLimit?: number | null;
  guideTexts?: Record<string, string>;
  phoneNumber?: string | null;
  /** The database's default (English only) when not given. */
  languages?: string[];
  sandbox?: boolean;
}

/** A questionnaire, in a new tenant unless `seed.tenantId` names one. */
export async function seedQuestionnaire(db: Db, seed: QuestionnaireSeed = {}): Promise<SeededQuestionnaire> {
  const tag = randomUUID().slice(0, 8);
  const tenantId =
    seed.tenantId ?? (await db.tenant.create({ data: { name: seed.tenantName ?? `Tenant ${tag}` } })).id;
  const questionnaire = await db.questionnaire.create({
    data: {
      tenantId,
      name: seed.name ?? `Questionnaire ${tag}`,
      attemptLimit: seed.attemptLimit ?? null,
      guideTexts: seed.guideTexts ?? {},
      phoneNumber: seed.phoneNumber ?? null,
      sandbox: seed.sandbox ?? false,
      ...(seed.languages && { languages: seed.languages }),
    },
  });
  return { tenantId, questionnaireId: questionnaire.id };
}

export interface SeededKey {
  id: string;
  /** The full key value, as a client sends it. */
  value: string;
}

/** An API key to the questionnaire, with every scope unless `options.scopes` says otherwise. */
export async function seedApiKey(
  db: Db,
  questionnaireId: string,
  options: { scopes?: ApiKeyScope[]; scopeField?: ScopeField; name?: string } = {},
): Promise<SeededKey> {
  const { key, record } = await insertApiKey(db, {
    questionnaireId,
    name: options.name ?? `key ${randomUUID().slice(0, 8)}`,
    scopes: options.scopes ?? ALL_SCOPES,
    scopeField: options.scopeField ?? 'scopes',
  });
  return { id: key.id, value: record.api_key };
}
