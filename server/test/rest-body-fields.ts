// The body fields of the REST door's writes, read from the contract's own schemas (what the fuzz tests put into
// bodies): a field added to a write's schema is fuzzed too. Path parameters, which a body cannot set, are left out.
import type { z } from 'zod';
import {
  apiKeyCreateInput,
  outcomeUpdateInput,
  participantCreateOrRetakeInput,
} from '@/server/rest-contract/schemas';

const bodyFields = (input: z.ZodObject, path = '') =>
  Object.keys(input.shape).filter((field) => !path.includes(`{${field}}`));

export const REST_BODY_FIELDS: string[] = [
  ...bodyFields(participantCreateOrRetakeInput),
  ...bodyFields(outcomeUpdateInput, '/v1/participant/{participant_id}'),
  ...bodyFields(apiKeyCreateInput, '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys'),
];
