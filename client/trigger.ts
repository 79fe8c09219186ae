// `pais trigger`: publishes a test result for a participant of the key's sandbox questionnaire (POST
// /v1/participant/{participant_uuid}/test-result), delivered to its webhook (or to `pais listen`) exactly like a
// real one. Without --participant it first creates a participant to receive it, in the key's questionnaire: the
// one --questionnaire names, or else the one the service says the key belongs to (GET /v1/me).
import { randomBytes } from 'node:crypto';
import { createServiceClient } from './index.js';
import { failureOf, networkFailure, type Output } from './command-support.js';

export interface TriggerOptions {
  baseUrl: string;
  apiKey: string;
  participant?: string;
  questionnaire?: string;
  output: Output;
}

/** Resolves with the exit status: 0 once the result is published, 1 otherwise. */
export async function trigger(options: TriggerOptions): Promise<number> {
  const { output } = options;
  const client = createServiceClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  try {
    let participant = options.participant;
    if (!participant) {
      const questionnaire = options.questionnaire ?? (await keyQuestionnaire(options));
      const interviewRefNum = `pais-trigger-${randomBytes(4).toString('hex')}`;
      const created = await client.POST('/v1/participant', {
        body: { project_uuid: questionnaire, interview_ref_num: interviewRefNum },
      });
      if (!created.data) throw new Refused(`creating a participant: ${failureOf(created)}`);
      participant = created.data.participant_uuid;
      output.line(`Created sandbox participant ${participant} (interview_ref_num ${interviewRefNum})`);
    }
    const published = await client.POST('/v1/participant/{participant_uuid}/test-result', {
      params: { path: { participant_uuid: participant } },
      body: {},
    });
    if (!published.data) throw new Refused(`publishing a test result: ${failureOf(published)}`);
    const { result_id: resultId, message_ids: messageIds } = published.data;
    output.line(`Published test result ${resultId} for participant ${participant}`);
    output.line(
      messageIds.length > 0
        ? `Queued for the questionnaire's webhook as ${messageIds.join(', ')}`
        : 'No webhook endpoint took it (the questionnaire has none, or it is disabled): start pais listen first',
    );
    return 0;
  } catch (error) {
    output.problem(
      error instanceof Refused
        ? `pais trigger: ${error.message}`
        : `pais trigger: cannot reach ${options.baseUrl}: ${networkFailure(error)}`,
    );
    return 1;
  }
}

/** The service refused a step: its status and message. */
class Refused extends Error {}

/**
 * The key's questionnaire, as GET /v1/me tells it (a service without that path: the caller must name it). A
 * plain request: the path is newer than some services the command may talk to.
 */
async function keyQuestionnaire(options: TriggerOptions): Promise<string> {
  const answer = await fetch(`${options.baseUrl}/v1/me`, { headers: { Authorization: options.apiKey } });
  const body = (await answer.json().catch(() => ({}))) as { questionnaire_id?: unknown; message?: unknown };
  if (answer.ok && typeof body.questionnaire_id === 'string') return body.questionnaire_id;
  if (answer.status === 404 || answer.status === 405)
    throw new Refused(
      'this service does not say which questionnaire a key belongs to: name it with --questionnaire <project_uuid>, or give --participant <participant_uuid>',
    );
  const message = typeof body.message === 'string' ? body.message : '';
  throw new Refused(`reading the key's questionnaire: ${answer.status} ${message}`.trim());
}
