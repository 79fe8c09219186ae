// What the webhook services answer when they refuse: every door shows these as they are (the Admin app next to
// the action, the REST door in the participant error shape), and the REST error catalogue lists them.
export const WEBHOOK_MESSAGES = {
  endpointNotFound: 'Webhook endpoint not found',
  /** One questionnaire sends to one endpoint (questionnaires/removal.ts, restoreWebhook, says the same). */
  endpointExists:
    'This questionnaire already has a webhook endpoint: change its URL, or archive it before creating another',
  deliveryNotFound: 'Delivery not found',
  disabledForReplay: 'The webhook is disabled: enable it before replaying',
  disabledForTest: 'The webhook is disabled: enable it to send a test event',
  beingSent: 'The delivery is being sent right now',
  /** Retry now is for what failed: one still on its way, delivered or cancelled is not retried. */
  notRetryable:
    'Only a delivery that is waiting to retry or that gave up can be retried now; this one is <state>',
} as const;

/** notRetryable with the delivery's state. */
export const notRetryableMessage = (state: string) => WEBHOOK_MESSAGES.notRetryable.replace('<state>', state);
