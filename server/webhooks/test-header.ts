// The header that marks a delivery as test data, so a receiver can keep it apart from live results without
// the published payload changing by one byte: every delivery of a sandbox questionnaire (test results
// included) and every test event (an Admin's "Send test event", on a live endpoint too) carries it; a live
// result's delivery never does.
import { TEST_EVENT } from './payload';

/** Sent lower-case, like the Standard Webhooks headers beside it. */
export const TEST_HEADER_NAME = 'x-pais-test';
export const TEST_HEADER_VALUE = 'true';

/** Whether a delivery is test data: its questionnaire is a sandbox, or it is a test event. */
export const isTestDelivery = (delivery: { sandbox: boolean; callbackType: string }): boolean =>
  delivery.sandbox || delivery.callbackType === TEST_EVENT;
