// Questionnaires: created by platform operators; their settings (name, guide text per language, the phone
// number participants call, languages offered, attempt limit) are edited by the Admins who hold a grant.
import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '@/server/platform/db/client';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import { acceptPhoneNumber, deploymentCountry, phoneNumberMessage } from '@/server/platform/lib/phone';
import { accessibleQuestionnaires, type AdminPrincipal } from '@/server/admins/access';
import { languageName, questionnaireName } from '@/server/questionnaires/fields';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';
import {
  assertNoConflictingChange,
  changedFields,
  editVersionOf,
  type EditedFields,
} from '@/server/platform/lib/edit-version';

const questionnaireSettingsSchema = z.object({
  name: questionnaireName,
  /** The number participants call, in any readable form; stored in E.164. Empty or null clears it. */
  phoneNumber: z
    .string()
    .trim()
    .max(40, { error: atMostCharactersMessage(40) })
    .nullable(),
  languages: z
    .array(languageName)
    .min(1, { error: 'Offer at least one language' })
    .max(30, { error: 'Offer at most 30 languages' })
    .refine((list) => new Set(list.map((l) => l.toLowerCase())).size === list.length, {
      error: 'Each language can be offered only once',
    }),
  /** Guide text keyed by language name; only offered languages are kept. */
  guideTexts: z.record(z.string(), z.string().max(20_000, { error: atMostCharactersMessage('20,000') })),
  /** A number, or the form's text as typed ("" for no limit), so it is checked with every other field. */
  attemptLimit: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;
    },
    z
      .number({ error: 'Enter a whole number, or leave it empty for no limit' })
      .int({ error: 'Enter a whole number' })
      .min(1, { error: 'Allow at least 1 attempt' })
      .max(100, { error: 'Allow at most 100 attempts' })
      .nullable(),
  ),
});
export type QuestionnaireSettings = z.infer<typeof questionnaireSettingsSchema>;

const unreadablePhoneNumber = (value: string) => phoneNumberMessage(`"${value}"`);

/**
 * The settings as the Admin form sends them, the phone number read for the region's country: every field's
 * problem is reported in one answer, never one field per save.
 */
export const questionnaireSettingsSchemaFor = (country: CountryCode = deploymentCountry()) =>
  questionnaireSettingsSchema.extend({
    phoneNumber: questionnaireSettingsSchema.shape.phoneNumber.refine(
      (value) => !value || acceptPhoneNumber(value, country) !== null,
      { error: (issue) => unreadablePhoneNumber(String(issue.input)) },
    ),
  });

/**
 * Creates a questionnaire, live or a sandbox (fixed for its life: its keys carry the mode in their prefix);
 * its audit entry `questionnaire.create` (by `actor`) is written in the same transaction.
 */
export async function createQuestionnaire(
  db: Db,
  input: { tenantId: string; name: string; sandbox?: boolean },
  actor: AuditActor,
) {
  const name = questionnaireName.safeParse(input.name);
  if (!name.success) {
    throw new AppError('BAD_REQUEST', name.error.issues[0]?.message ?? QUESTIONNAIRE_MESSAGES.nameRequired, {
      field: 'name',
    });
  }
  const tenant = await db.tenant.findUnique({ where: { id: input.tenantId }, select: { archivedAt: true } });
  if (!tenant || tenant.archivedAt)
    throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.tenantNotFound, { field: 'tenantId' });
  return inTransaction(db, async (tx) => {
    const questionnaire = await tx.questionnaire.create({
      data: { tenantId: input.tenantId, name: name.data, sandbox: input.sandbox ?? false },
    });
    await recordAudit(tx, {
      actor,
      action: 'questionnaire.create',
      targetType: 'questionnaire',
      targetId: questionnaire.id,
      tenantId: questionnaire.tenantId,
      questionnaireId: questionnaire.id,
      details: { name: questionnaire.name, sandbox: questionnaire.sandbox },
    });
    return questionnaire;
  });
}

export interface QuestionnaireSummary {
  id: string;
  name: string;
  tenantId: string;
  tenantName: string;
  languages: string[];
  sandbox: boolean;
  createdAt: Date;
}

/** The questionnaires an Admin may see, active or archived (the questionnaire itself, or its whole tenant). */
export function visibleQuestionnaires(
  principal: AdminPrincipal,
  archived: boolean,
): Prisma.QuestionnaireWhereInput {
  const live = { archivedAt: null, tenant: { archivedAt: null } };
  return { AND: [accessibleQuestionnaires(principal), archived ? { NOT: live } : live] };
}

/** The questionnaires matching `where`, newest first, as summaries (a page of them with skip and take). */
export async function questionnaireSummaries(
  db: Db,
  where: Prisma.QuestionnaireWhereInput,
  page: { skip?: number; take?: number } = {},
): Promise<QuestionnaireSummary[]> {
  const rows = await db.questionnaire.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    ...page,
    select: {
      id: true,
      name: true,
      tenantId: true,
      languages: true,
      sandbox: true,
      createdAt: true,
      tenant: { select: { name: true } },
    },
  });
  return rows.map(({ tenant, ...q }) => ({ ...q, tenantName: tenant.name }));
}

/** The questionnaires this Admin may manage, newest first. */
export function listQuestionnairesForAdmin(
  db: Db,
  principal: AdminPrincipal,
  options: { archived?: boolean } = {},
): Promise<QuestionnaireSummary[]> {
  return questionnaireSummaries(db, visibleQuestionnaires(principal, options.archived ?? false));
}

export interface QuestionnaireDetails extends QuestionnaireSettings {
  id: string;
  tenantId: string;
  tenantName: string;
  sandbox: boolean;
  guideTexts: Record<string, string>;
  /** The settings as the Settings form opens them (server/platform/lib/edit-version.ts). */
  editVersion: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What the Settings form edits, as stored. */
type StoredSettings = QuestionnaireSettings;

const SETTINGS_EDIT: EditedFields<keyof StoredSettings> = {
  thing: 'questionnaire',
  labels: {
    name: 'name',
    phoneNumber: 'phone number',
    languages: 'languages',
    guideTexts: 'guide text',
    attemptLimit: 'attempt limit',
  },
};

function readGuideTexts(value: Prisma.JsonValue): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([language, text]) => (typeof text === 'string' ? [[language, text]] : [])),
  );
}

/** Settings of one questionnaire; the caller has already checked access. */
export async function getQuestionnaire(db: Db, questionnaireId: string): Promise<QuestionnaireDetails> {
  const q = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    include: { tenant: { select: { name: true } } },
  });
  if (!q) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const settings = storedSettings(q);
  return {
    id: q.id,
    tenantId: q.tenantId,
    tenantName: q.tenant.name,
    sandbox: q.sandbox,
    ...settings,
    editVersion: editVersionOf(SETTINGS_EDIT, settings),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

function storedSettings(q: {
  name: string;
  phoneNumber: string | null;
  languages: string[];
  guideTexts: Prisma.JsonValue;
  attemptLimit: number | null;
}): StoredSettings {
  return {
    name: q.name,
    phoneNumber: q.phoneNumber,
    languages: q.languages,
    guideTexts: readGuideTexts(q.guideTexts),
    attemptLimit: q.attemptLimit,
  };
}

/**
 * Holds the questionnaire's row until the transaction ends (NOT_FOUND when there is none), so that two edits
 * of its settings, or two saves of its webhook endpoint (two Admin tabs, a create by API), run one after the
 * other: each sees what the other did. NO KEY UPDATE: writes that only reference the questionnaire (a new
 * participant) are not held up.
 */
export async function lockQuestionnaire(tx: Db, questionnaireId: string): Promise<void> {
  const locked = await tx.$queryRaw<unknown[]>`
    SELECT id FROM questionnaire WHERE id = ${questionnaireId}::uuid FOR NO KEY UPDATE`;
  if (locked.length === 0) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
}

/**
 * Saves a questionnaire's settings (checked by questionnaireSettingsSchema; the phone number is stored in
 * E.164), refused when a field changed since the form's `editVersion` (server/platform/lib/edit-version.ts).
 * The audit entry `questionnaire.update` (by `actor`) names the fields that changed, in the same
 * transaction; a save that changes nothing writes nothing.
 */
export async function updateQuestionnaireSettings(
  db: Db,
  questionnaireId: string,
  settings: QuestionnaireSettings,
  actor: AuditActor,
  options: { editVersion?: string; country?: CountryCode } = {},
): Promise<QuestionnaireDetails> {
  let phoneNumber: string | null = null;
  if (settings.phoneNumber) {
    phoneNumber = acceptPhoneNumber(settings.phoneNumber, options.country ?? deploymentCountry());
    if (!phoneNumber) {
      throw new AppError('BAD_REQUEST', unreadablePhoneNumber(settings.phoneNumber), {
        field: 'phoneNumber',
      });
    }
  }
  const guideTexts = Object.fromEntries(
    settings.languages.flatMap((language) => {
      const text = settings.guideTexts[language]?.trim();
      return text ? [[language, text]] : [];
    }),
  );
  const next: StoredSettings = {
    name: settings.name,
    phoneNumber,
    languages: settings.languages,
    guideTexts,
    attemptLimit: settings.attemptLimit,
  };
  return inTransaction(db, async (tx) => {
    await lockQuestionnaire(tx, questionnaireId);
    const current = storedSettings(
      await tx.questionnaire.findUniqueOrThrow({ where: { id: questionnaireId } }),
    );
    assertNoConflictingChange(SETTINGS_EDIT, options.editVersion, current, next);
    const fields = changedFields(SETTINGS_EDIT, current, next);
    if (fields.length > 0) {
      const data = Object.fromEntries(fields.map((field) => [field, next[field]]));
      await updateQuestionnaireAudited(tx, questionnaireId, data, actor, { fields: fields.sort() });
    }
    return getQuestionnaire(tx, questionnaireId);
  });
}

/** Changes a questionnaire's settings and records `questionnaire.update` with `details`; call in a transaction. */
export async function updateQuestionnaireAudited(
  tx: Db,
  questionnaireId: string,
  data: Prisma.QuestionnaireUpdateManyMutationInput,
  actor: AuditActor,
  details: Record<string, unknown>,
): Promise<void> {
  const { count } = await tx.questionnaire.updateMany({ where: { id: questionnaireId }, data });
  if (count === 0) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  await recordAudit(tx, {
    actor,
    action: 'questionnaire.update',
    targetType: 'questionnaire',
    targetId: questionnaireId,
    questionnaireId,
    details,
  });
}
