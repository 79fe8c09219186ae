// The requests the benchmarks send, shared by `npm run bench` and `npm run bench:profile`.
import type { Request as AutocannonRequest } from 'autocannon';
import type { SeededQuestionnaire } from './fixtures';

/** POST /participant with a fresh IRN every time (`<prefix>-<n>`), so every request creates a participant. */
export function createParticipantRequest(seeded: SeededQuestionnaire, prefix: string): AutocannonRequest {
  let serial = 0;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: seeded.apiKey },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        project_uuid: seeded.questionnaireId,
        interview_ref_num: `${prefix}-${serial++}`,
        email: 'bench@example.com',
        phone_number1: '+12025550100',
      }),
    }),
  };
}
