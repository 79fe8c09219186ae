import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure } from '@/server/admins/procedures';
import { requireParticipantInQuestionnaire } from '@/server/admins/access';
import { getParticipantDetail } from '@/server/participants/detail';
import { participantsCsvStream } from '@/server/participants/export';
import {
  countParticipants,
  participantFilterOptions,
  participantFilterSchema,
  participantPageSchema,
  searchParticipants,
} from '@/server/participants/search';

/** Dates become ISO strings on the wire (the Admin client has no transformer). */
function serialise<T>(value: T): Serialised<T> {
  return JSON.parse(JSON.stringify(value)) as Serialised<T>;
}
type Serialised<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Serialised<U>[]
    : T extends object
      ? { [K in keyof T]: Serialised<T[K]> }
      : T;

export const participantRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.input(participantPageSchema).query(async ({ ctx, input }) => {
    const { questionnaireId: _id, ...query } = input;
    return serialise(await searchParticipants(ctx.db, ctx.questionnaire.id, query));
  }),
  count: questionnaireAdminProcedure
    .input(participantFilterSchema)
    .query(({ ctx, input }) => countParticipants(ctx.db, ctx.questionnaire.id, input)),
  filterOptions: questionnaireAdminProcedure.query(({ ctx }) =>
    participantFilterOptions(ctx.db, ctx.questionnaire.id),
  ),
  /**
   * The filtered participants as a CSV file, streamed page by page. For the download route through the
   * server-side caller: over HTTP a stream needs tRPC's streaming link (the plain one is refused).
   */
  exportCsv: questionnaireAdminProcedure.input(participantFilterSchema).query(({ ctx, input }) => {
    const { questionnaireId: _id, ...filter } = input;
    return participantsCsvStream(ctx.db, ctx.questionnaire.id, filter);
  }),
  get: questionnaireAdminProcedure
    .input(z.object({ participantId: z.string() }))
    .query(async ({ ctx, input }) => {
      const id = await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, input.participantId);
      return serialise(await getParticipantDetail(ctx.db, ctx.questionnaire.id, id));
    }),
});
