// The commands and code of the "Test your integration" walk-through on /docs, in the order a developer runs
// them. Each was run as written against `npm start` (see docs/integration.md).

export const SETUP_CLI = `# Operators, on the service's host (with the embedded database: before npm start, or with it stopped)
npm run db:deploy    # only for a database npm start has never run on
npm run cli -- tenant:create --name "Acme (integration)"
npm run cli -- questionnaire:create --tenant <TENANT_ID> --name "Acme sandbox" --sandbox
npm run cli -- apikey:create --questionnaire <QUESTIONNAIRE_ID> --name integration \\
  --scopes participant:write,participant:read
npm run cli -- webhook:set --questionnaire <QUESTIONNAIRE_ID> --url https://receiver.example.com/webhooks`;

export const ENVIRONMENT = `export BASE=http://localhost:3000/questionnaire   # your deployment's address + /questionnaire
export KEY=pais_test_...                            # the sandbox key (shown once when created)
export PROJECT=<QUESTIONNAIRE_ID>                   # the sandbox questionnaire's id: project_uuid`;

export const CREATE_PARTICIPANT = `curl -sS -X POST "$BASE/v1/participant" \\
  -H "Authorization: $KEY" -H 'Content-Type: application/json' \\
  -d "{\\"project_uuid\\": \\"$PROJECT\\", \\"interview_ref_num\\": \\"TEST-0001\\"}"`;

export const SET_PARTICIPANT = `export PARTICIPANT=<participant_uuid from the answer>`;

export const RUN_RECEIVER = `npm install standardwebhooks
WEBHOOK_SECRET=whsec_... PORT=8080 node receiver.mjs`;

export const TRIGGER_DEFAULT = `curl -sS -X POST "$BASE/v1/participant/$PARTICIPANT/test-result" -H "Authorization: $KEY"`;

export const TRIGGER_ANSWER = `{"result_id":"274f8fac-5f64-4089-8101-5cce4653f1bc","message_ids":["msg_z3Ydh1GNS7Os-FxJxO0zlICh"]}`;

export const TRIGGER_CUSTOM = `curl -sS -X POST "$BASE/v1/participant/$PARTICIPANT/test-result" \\
  -H "Authorization: $KEY" -H 'Content-Type: application/json' \\
  -d '{"status": "Attempted - Incomplete", "overall_evaluation": "HR", "is_not_complete": true}'`;

export const RECEIVER_OUTPUT = `Result Update: TEST-0001 Result Published
Result Update: TEST-0001 Attempted - Incomplete`;

export const FEED_FIRST = `curl -sS "$BASE/v1/results?updated_since=2026-01-01T00:00:00Z&limit=100" -H "Authorization: $KEY"`;

export const FEED_ANSWER = `{
  "results": [
    {
      "project_uuid": "3f1c2a9e-8d4b-4c1e-9a57-2b6f0e8d1c44",
      "callback_type": "Result Update",
      "access_code": "7KQ4-M2XP",
      "interview_ref_num": "TEST-0001",
      "status": "Attempted - Incomplete",
      "...": "the rest of the webhook payload",
      "timestamp": "2026-11-25T17:40:12.345Z",
      "participant_uuid": "0b8e4f3a-…",
      "updated_at": "2026-11-25T17:40:12.345Z"
    }
  ],
  "next_cursor": "cDI",
  "has_more": false
}`;

export const FEED_NEXT = `export CURSOR=<next_cursor from the answer>
curl -sS "$BASE/v1/results?cursor=$CURSOR" -H "Authorization: $KEY"
curl -sS "$BASE/v1/participant/$PARTICIPANT/result" -H "Authorization: $KEY"`;

export const TYPED_CLIENT = `// integration-test.ts, in a copy of the service's repository: npx tsx integration-test.ts
import { createServiceClient } from './client';

const client = createServiceClient({ baseUrl: process.env.BASE!, apiKey: process.env.KEY! });
const project = process.env.PROJECT!;

const created = await client.POST('/v1/participant', {
  body: { project_uuid: project, interview_ref_num: \`TEST-\${Date.now()}\` },
});
if (!created.data) throw new Error(JSON.stringify(created.error));
const participant_uuid = created.data.participant_uuid;

// Any subset of the result; the rest gets sample values. 403 with a live (pais_live_) key.
const triggered = await client.POST('/v1/participant/{participant_uuid}/test-result', {
  params: { path: { participant_uuid } },
  body: { overall_evaluation: 'HR', summary: 'High risk', summary_bgcolor: '#dc3545' },
});
console.log('queued', triggered.data?.message_ids);

// Reconcile: read every result since a time, page by page, and keep the last cursor to poll from.
let cursor: string | undefined;
for (;;) {
  const page = await client.GET('/v1/results', {
    params: { query: cursor ? { cursor } : { updated_since: '2026-01-01T00:00:00Z' } },
  });
  if (!page.data) throw new Error(JSON.stringify(page.error));
  for (const result of page.data.results)
    console.log(result.participant_uuid, result.interview_ref_num, result.status, result.updated_at);
  cursor = page.data.next_cursor;
  if (!page.data.has_more) break;
}
console.log('poll again later with cursor', cursor);`;
