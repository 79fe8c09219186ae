// The public participant endpoints: thin procedures over server/services/participants.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { parseRfc3339 } from '@/server/lib/time';
import type { AuthenticatedApiKey } from '@/server/services/api-keys';
import { withAudit, type AuditActor } from '@/server/services/audit-log';
import {
  createParticipant,
  eraseParticipant,
  getParticipant,
  retakeParticipant,
  toParticipantRecord,
  updateParticipantOutcome,
  type ParticipantScope,
} from '@/server/services/participants';
import { apiKeyProcedure } from '@/server/rest/auth';
import {
  outcomeUpdateInput,
  participantCreateOrRetakeInput,
  participantIdInput,
  participantRecordOutput,
} from '@/server/rest/schemas';

const scopeOf = (key: AuthenticatedApiKey): ParticipantScope => ({
  questionnaireId: key.questionnaireId,
  tenantId: key.tenantId,
});

/** The key acting, for the audit log. */
const actorOf = (ctx: { apiKey: AuthenticatedApiKey; sourceIp: string | null }): AuditActor => ({
  type: 'api_key',
  id: ctx.apiKey.id,
  sourceIp: ctx.sourceIp,
});

/** The audit entry of a change to one participant of the key's questionnaire (never personal data). */
const participantEntry = (
  ctx: { apiKey: AuthenticatedApiKey; sourceIp: string | null },
  action: string,
  participantId: string,
  details: Record<string, unknown> = {},
) => ({
  actor: actorOf(ctx),
  action,
  targetType: 'participant',
  targetId: participantId,
  tenantId: ctx.apiKey.tenantId,
  questionnaireId: ctx.apiKey.questionnaireId,
  details,
});

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
      const retake = input.participant_uuid;
      // Names of the optional fields sent, not their values: the audit log outlives erasure.
      const sent = Object.entries(fields)
        .filter(([name, value]) => value !== undefined && !['projectId', 'irn'].includes(name))
        .map(([name]) => name);
      if (!retake) {
        const created = await createParticipant(ctx.db, scope, fields, {
          audit: (participantId) =>
            participantEntry(ctx, 'participant.create', participantId, { attempt: 1, fields: sent }),
        });
        return toParticipantRecord(created);
      }
      const view = await withAudit(
        ctx.db,
        (tx) => retakeParticipant(tx, scope, { ...fields, participantId: retake }),
        (v) =>
          participantEntry(ctx, 'participant.retake', v.participant.id, {
            attempt: v.attemptCount,
            fields: sent,
          }),
      );
      return toParticipantRecord(view);
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
    .mutation(async ({ ctx, input }) => {
      const view = await withAudit(
        ctx.db,
        (tx) =>
          updateParticipantOutcome(tx, scopeOf(ctx.apiKey), {
            participantId: input.participant_id,
            outcome: input.outcome,
            outcomeTs: input.outcome_ts ? (parseRfc3339(input.outcome_ts) ?? undefined) : undefined,
            apiKeyId: ctx.apiKey.id,
          }),
        (v) =>
          participantEntry(ctx, 'participant.outcome', v.participant.id, {
            outcome: v.participant.outcome,
            outcomeTs: v.participant.outcomeTs,
          }),
      );
      return toParticipantRecord(view);
    }),

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
      await withAudit(
        ctx.db,
        (tx) => eraseParticipant(tx, scopeOf(ctx.apiKey), input.participant_id),
        () => participantEntry(ctx, 'participant.erase', input.participant_id.toLowerCase()),
      );
    }),
});
