// The OpenAPI description of the result webhook (`webhooks.result_update`): the payload of the spec's Events
// section, generated from the dispatcher's own payload schema, the Standard Webhooks headers every delivery is
// signed with and how to verify them, and the vendor's named examples.
import { z } from 'zod';
import { resultPayloadSchema, RESULT_UPDATE } from '@/server/webhooks/payload';
import { TEST_HEADER_NAME, TEST_HEADER_VALUE } from '@/server/webhooks/test-header';
import { DELIVERY_TIMEOUT_MS } from '@/server/webhooks/delivery-timeout';
import { RETRY_SCHEDULE_TEXT } from '@/server/webhooks/retry-schedule-text';

type Json = Record<string, unknown>;

/** The payload as JSON Schema: optional fields optional, `text` a string or null, `status` free text. */
function payloadSchema(): Json {
  const schema = z.toJSONSchema(resultPayloadSchema, { io: 'output', unrepresentable: 'any' }) as Json;
  // Receivers should accept fields added later, so the document does not forbid them.
  delete schema.$schema;
  delete schema.additionalProperties;
  const properties = schema.properties as Record<string, Json>;
  Object.assign(properties.callback_type!, {
    description: `\`${RESULT_UPDATE}\` for a published or updated result (\`Test\` only for the Admin's test event)`,
  });
  Object.assign(properties.status!, {
    description: 'The result status. Values seen are examples, not a closed list.',
    examples: ['Result Published', 'Attempted - Incomplete', 'Attempted - Partial', 'Under_Review'],
  });
  Object.assign(properties.overall_evaluation!, { examples: ['HR', 'LR', 'G', 'R', 'DC', 'NC'] });
  Object.assign(properties.summary!, {
    description: 'Result summary label, e.g. HR, LR, G, AR, NC. May be absent (e.g. Attempted - Incomplete).',
  });
  Object.assign(properties.summary_bgcolor!, { description: 'Hex colour of the summary label (#RRGGBB)' });
  Object.assign(properties.clear!, { description: 'Whether the result is clear. May be absent.' });
  Object.assign(properties.timestamp!, { format: 'date-time' });
  const rating = (properties.questions_risk_rating as { items: Json }).items;
  const ratingProperties = rating.properties as Record<string, Json>;
  Object.assign(ratingProperties.sequence!, { description: 'Question number, as a string' });
  Object.assign(ratingProperties.risk_level!, { examples: ['LR', 'HR', 'DC', 'NC', 'AD', 'G', 'R', ''] });
  Object.assign(ratingProperties.text!, { description: 'Question text, or null' });
  return { ...schema, title: 'ResultUpdate', description: 'The result webhook payload (spec: Events).' };
}

const PROJECT = '8b0c3a52-3f1e-4d6a-9c7b-2e5f4a1d9c30';

const EXAMPLES = {
  'Result Published': {
    summary: 'Result published (overall evaluation HR, summary AR)',
    value: {
      project_uuid: PROJECT,
      callback_type: RESULT_UPDATE,
      access_code: '7136045259',
      interview_ref_num: '4561230642',
      status: 'Result Published',
      questions_risk_rating: [
        { sequence: '1', risk_level: 'LR', text: 'Q1' },
        { sequence: '2', risk_level: 'HR', text: 'Q2', note: 'to noisy' },
        { sequence: '3', risk_level: 'AD', text: null },
      ],
      overall_evaluation: 'HR',
      is_admission: false,
      is_counter_measure: false,
      is_not_complete: false,
      participant_language: 'English',
      summary: 'AR',
      summary_bgcolor: '#dc3545',
      clear: true,
      timestamp: '2026-11-22T14:03:05Z',
    },
  },
  'Attempted - Incomplete': {
    summary: 'Attempted - Incomplete (no summary, summary_bgcolor or clear)',
    value: {
      project_uuid: PROJECT,
      callback_type: RESULT_UPDATE,
      access_code: '7136045260',
      interview_ref_num: '4561230643',
      status: 'Attempted - Incomplete',
      questions_risk_rating: [{ sequence: '3', risk_level: 'DC', text: 'Test Question 1', note: 'to noisy' }],
      overall_evaluation: 'DC',
      is_admission: false,
      is_counter_measure: false,
      is_not_complete: false,
      participant_language: 'English',
    },
  },
  'Attempted - Partial': {
    summary: 'Attempted - Partial',
    value: {
      project_uuid: PROJECT,
      callback_type: RESULT_UPDATE,
      access_code: '7136045261',
      interview_ref_num: '4561230644',
      status: 'Attempted - Partial',
      questions_risk_rating: [
        { sequence: '1', risk_level: 'NC', text: 'Q3', note: 'to noisy' },
        { sequence: '2', risk_level: 'NC', text: 'Q2', note: 'to noisy' },
      ],
      overall_evaluation: 'NC',
      is_admission: false,
      is_counter_measure: false,
      is_not_complete: true,
      participant_language: 'English',
      summary: 'NC',
      summary_bgcolor: '#6c757d',
      clear: false,
    },
  },
};

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const VERIFYING =
  'Every delivery is signed per the Standard Webhooks specification (https://www.standardwebhooks.com). To ' +
  'verify it: take the secret shown once in the Admin app (`whsec_…`), base64-decode the part after ' +
  '`whsec_`, compute the HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with it, base64-encode ' +
  'the result and compare it, in constant time, with each `v1,` entry of `webhook-signature`; refuse a ' +
  '`webhook-timestamp` more than 5 minutes from your clock. Any Standard Webhooks library does this ' +
  '(e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` npm package). The same ' +
  '`webhook-id` is kept across retries, so use it to de-duplicate. The service’s page ' +
  '/docs/webhooks has a complete receiver.';

/** `webhooks` of the document, and the payload's schema for `components.schemas`. */
export function resultWebhook(): { webhooks: Json; schemas: Record<string, Json> } {
  return {
    schemas: { ResultUpdate: payloadSchema() },
    webhooks: {
      result_update: {
        post: {
          operationId: 'resultUpdate',
          tags: ['Webhooks'],
          summary: 'Result update (sent by the service to your webhook URL)',
          description:
            'Sent with HTTP POST to the webhook URL an Admin configured for the questionnaire when a result ' +
            `is published or updated. Acknowledge with any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s (the published ` +
            `contract: 200); otherwise the delivery is tried again on the schedule (${RETRY_SCHEDULE_TEXT}), ` +
            'then marked failed. ' +
            'No API-key security applies; a configured static header or OAuth2 bearer token of yours may be ' +
            `sent as well. ${VERIFYING}`,
          security: [],
          parameters: [
            header(
              'webhook-id',
              'Unique id of the message; the same on every retry',
              'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
            ),
            header('webhook-timestamp', 'Unix time (seconds) of this attempt', '1795442585'),
            header(
              'webhook-signature',
              'Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret',
              'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
            ),
            {
              ...header(
                TEST_HEADER_NAME,
                'Our extension: `true` on test data (every delivery of a sandbox questionnaire, test results ' +
                  'included, and every test event); absent on live results. The body is the same either way.',
                TEST_HEADER_VALUE,
              ),
              required: false,
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ResultUpdate' },
                examples: EXAMPLES,
              },
            },
          },
          responses: {
            '200': { description: 'Result received' },
          },
        },
      },
    },
  };
}
