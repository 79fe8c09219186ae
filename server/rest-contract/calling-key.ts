// GET /v1/me: the calling key as it acts, so an integrator can tell which questionnaire, tenant (needed in the
// key paths), scopes, mode, expiry and rate limit a key has without asking an Admin. Never the key's value.
import { z } from 'zod';
import { MESSAGES } from '@/server/participants/messages';
import { PARTICIPANT_AUTH } from '@/server/api-keys/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';

export const callingKeyInput = z.object({});

export const callingKeyOutput = z
  .object({
    id: z
      .string()
      .meta({ format: 'uuid', description: 'The key’s id (variant B of the delete path names it)' }),
    api_key: z.string().meta({ description: 'The key, masked (start…last four)' }),
    key_name: z.string(),
    scopes: z.array(z.string()).meta({ description: 'The scopes the key holds' }),
    mode: z.enum(['live', 'test']).meta({
      description:
        'test for a sandbox questionnaire’s key (pais_test_…), whose results are test data; live otherwise',
    }),
    expires_at: z.string().nullable().meta({
      format: 'date-time',
      description: 'When the key stops working (401 from then on); null when it does not expire',
    }),
    questionnaire_id: z.string().meta({ format: 'uuid' }),
    tenant_id: z.string().meta({ format: 'uuid', description: 'The tenant of the key’s questionnaire' }),
    rate_limit: z
      .object({
        requests_per_minute: z.number().int().meta({ description: 'The RateLimit-Limit of every answer' }),
        shared: z.boolean().meta({
          description:
            'True for a key minted by a key: it draws from the same bucket as every key of its tree, under ' +
            'the limit of the tree’s first key',
        }),
      })
      .meta({ description: 'The token bucket the key’s requests draw from' }),
  })
  .meta({ id: 'CallingKey', title: 'CallingKey' });

/** What GET /v1/me answers besides success (the door's own answers are added by the catalogue). */
export const CALLING_KEY_ERRORS = {
  401: [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid],
  403: [MESSAGES.notAssociated],
  404: [QUESTIONNAIRE_MESSAGES.questionnaireNotFound],
};
