// The Admin's list of questionnaires, found by part of the name (any letter case), narrowed to a tenant, to
// sandbox or live ones, to archived ones, and read a page at a time, newest first: after a QA run dozens of
// test questionnaires buried the real ones. Done in the database (one page and its count), never by sending
// every questionnaire to the browser.
import { z } from 'zod';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import type { AdminPrincipal } from '@/server/admins/access';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';
import {
  questionnaireSummaries,
  visibleQuestionnaires,
  type QuestionnaireSummary,
} from '@/server/questionnaires/questionnaires';

/** Cards on a page: four rows of the widest grid. */
export const QUESTIONNAIRES_PER_PAGE = 24;

export const questionnaireSearchSchema = z.object({
  /** Part of the name, in any letter case; blank finds all. */
  search: z
    .string()
    .trim()
    .max(200, { error: atMostCharactersMessage(200) })
    .default(''),
  tenantId: z.uuid({ error: 'Choose a tenant from the list' }).optional(),
  kind: z.enum(['all', 'live', 'sandbox']).default('all'),
  /** The archived questionnaires (or those of an archived tenant) instead of the active ones. */
  archived: z.boolean().default(false),
  /** 1 for the first page; a page past the last one reads as the last. */
  page: z.int().min(1).max(100_000).default(1),
});
export type QuestionnaireSearch = z.input<typeof questionnaireSearchSchema>;

export interface QuestionnairePage {
  items: QuestionnaireSummary[];
  /** Questionnaires matching the search and filters, on every page. */
  total: number;
  page: number;
  pageCount: number;
  /** The tenants the Admin has questionnaires in (active or archived, as asked): the filter's choices. */
  tenants: { id: string; name: string }[];
}

/** LIKE's own characters in a search are meant literally: "50%" finds "50% sample", not "50 anything". */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchQuestionnaires(
  db: Db,
  principal: AdminPrincipal,
  input: QuestionnaireSearch,
): Promise<QuestionnairePage> {
  const { search, tenantId, kind, archived, page } = questionnaireSearchSchema.parse(input);
  const visible = visibleQuestionnaires(principal, archived);
  const where: Prisma.QuestionnaireWhereInput = {
    AND: [
      visible,
      search ? { name: { contains: literal(search), mode: 'insensitive' } } : {},
      tenantId ? { tenantId } : {},
      kind === 'all' ? {} : { sandbox: kind === 'sandbox' },
    ],
  };
  const [total, tenants] = await Promise.all([
    db.questionnaire.count({ where }),
    db.tenant.findMany({
      where: { questionnaires: { some: visible } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true },
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / QUESTIONNAIRES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const items = await questionnaireSummaries(db, where, {
    skip: (current - 1) * QUESTIONNAIRES_PER_PAGE,
    take: QUESTIONNAIRES_PER_PAGE,
  });
  return {
    items,
    total,
    page: current,
    pageCount,
    tenants,
  };
}
