// A delivery's payload shaped like a published result (callback_type "Result Update"), for tests and benches
// that queue deliveries straight into the outbox: unlike a test event, which is tried once, it follows the
// retry schedule and recovery, as real traffic does.
import { EVENT_TYPES, RESULT_UPDATE, type ResultPayload } from '@/server/webhooks/payload';
import { testEventPayload } from '@/server/webhooks/test-event';

export const RESULT_DELIVERY_EVENT = EVENT_TYPES.resultUpdate;

export const resultDeliveryPayload = (questionnaireId: string, now = new Date()): ResultPayload => ({
  ...testEventPayload(questionnaireId, now),
  callback_type: RESULT_UPDATE,
});
