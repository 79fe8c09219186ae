// The public participant endpoints: thin procedures over server/participants/participants.ts (and erasure.ts):
// each passes the key as the actor, the service writes the audit entry.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { parseRfc3339 } from '@/server/platform/lib/time';
import type { AuthenticatedApiKey } from '@/server/api-keys/api-keys';
import {
  createParticipant,
  findParticipantByIrn,
  getParticipant,
  retakeParticipant,
  type ParticipantView,
  type ParticipantScope,
} from '@/server/participants/participants';
import { updateParticipantOutcome } from '@/server/participants/outcome';
import { eraseParticipant } from '@/server/participants/erasure';
import { toParticipantRecord, type ParticipantRecord } from '@/server/participants/rest-view';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import { apiKeyActor, type RestRequestFacts } from '@/server/api-keys/rest-context';
import type { Db } from '@/server/platform/db/client';
import { writeWithStoredAnswer } from '@/server/api-keys/answer-stored-with-write';
import {
  outcomeUpdateInput,
  participantCreateOrRetakeInput,
  participantByIrnInput,
  participantIdInput,
  participantRecordOutput,
} from '@/server/rest-contract/schemas';

const scopeOf = (key: AuthenticatedApiKey): ParticipantScope => ({
  questionnaireId: key.questionnaireId,
  tenantId: key.tenantId,
});

/**
 * Runs a participant write and returns its record. When the request holds an Idempotency-Key, the record is
 * stored as the key's answer in the write's own transaction, so a retry after a lost reply (even after a
 * crash) replays it instead of meeting "Duplicate IRN".
 */
const writeAnswering = (
  ctx: { db: Db; rest: RestRequestFacts },
  write: (db: Db) => Promise<ParticipantView>,
): Promise<ParticipantRecord> =>
  writeWithStoredAnswer(ctx, 200, async (db) => toParticipantRecord(await write(db)));

const TAGS = ['Participants'];

export const participantRouter = createTRPCRouter({
  createOrRetake: apiKeyProcedure('participant:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/participant',
        operationId: 'createParticipant',
        tags: TAGS,
        summary: 'Create participant or retake questionnaire',
        description:
          'Without participant_uuid a new participant is created. With participant_uuid the retake flow runs: ' +
          'the same participant gets a new attempt with a new access code and guide link; ' +
          'interview_ref_num must equal the stored value. Needs the participant:write scope.',
      },
    })
    .input(participantCreateOrRetakeInput)
    .output(participantRecordOutput)
    .mutation(async ({ ctx, input }) => {
      const fields = {
        projectId: input.project_uuid,
        irn: input.interview_ref_num,
        phoneNumber1: input.phone_number1,
        phoneNumber2: input.phone_number2,
        externalRefId: input.external_ref_id,
        email: input.email,
        language: input.language,
      };
      const scope = scopeOf(ctx.apiKey);
      const actor = apiKeyActor(ctx);
      const retake = input.participant_uuid;
      if (!retake) return writeAnswering(ctx, (db) => createParticipant(db, scope, fields, { actor }));
      return writeAnswering(ctx, (db) =>
        retakeParticipant(db, scope, { ...fields, participantId: retake }, actor),
      );
    }),

  updateOutcome: apiKeyProcedure('participant:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/v1/participant/{participant_id}',
        operationId: 'updateOutcome',
        tags: TAGS,
        summary: 'Update participant outcome tracking',
        description:
          'Records an outcome code and time (RFC 3339, any offset; the current UTC time when omitted). ' +
          'outcome_ts is returned in UTC. Every outcome is kept in the history. Needs the participant:write scope.',
      },
    })
    .input(outcomeUpdateInput)
    .output(participantRecordOutput)
    .mutation(({ ctx, input }) =>
      writeAnswering(ctx, (db) =>
        updateParticipantOutcome(
          db,
          scopeOf(ctx.apiKey),
          {
            participantId: input.participant_id,
            outcome: input.outcome,
            outcomeTs: input.outcome_ts ? (parseRfc3339(input.outcome_ts) ?? undefined) : undefined,
            apiKeyId: ctx.apiKey.id,
          },
          apiKeyActor(ctx),
        ),
      ),
    ),

  get: apiKeyProcedure('participant:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/participant/{participant_id}',
        operationId: 'getParticipant',
        tags: TAGS,
        summary: 'Get a participant',
        description: 'Beyond the published interface. Needs the participant:read scope.',
      },
    })
    .input(participantIdInput)
    .output(participantRecordOutput)
    .query(async ({ ctx, input }) =>
      toParticipantRecord(await getParticipant(ctx.db, scopeOf(ctx.apiKey), input.participant_id)),
    ),

  findByIrn: apiKeyProcedure('participant:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/participant',
        operationId: 'findParticipantByIrn',
        tags: TAGS,
        summary: 'Find a participant by IRN',
        description:
          'Beyond the published interface. The participant of the key’s questionnaire with this ' +
          'interview_ref_num, e.g. to learn the participant_uuid of a create whose reply was lost; 404 ' +
          'Participant not found when there is none. Needs the participant:read scope.',
      },
    })
    .input(participantByIrnInput)
    .output(participantRecordOutput)
    .query(async ({ ctx, input }) =>
      toParticipantRecord(await findParticipantByIrn(ctx.db, scopeOf(ctx.apiKey), input.interview_ref_num)),
    ),

  erase: apiKeyProcedure('participant:delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/v1/participant/{participant_id}',
        operationId: 'deleteParticipant',
        tags: TAGS,
        summary: 'Erase a participant’s personal data',
        description:
          'Beyond the published interface. Erases the contact fields and the IRN (which can then be used ' +
          'again), invalidates access codes and guide links, and keeps an anonymised record so results stay ' +
          'countable. Needs the participant:delete scope.',
      },
      successStatus: 204,
    })
    .input(participantIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await eraseParticipant(ctx.db, scopeOf(ctx.apiKey), input.participant_id, apiKeyActor(ctx));
    }),
});
