// The webhook messages more than one module raises, each written once (the Admin door's input checks, the
// removal of an endpoint, the delivery log and the replay). A message only one module raises is a constant
// beside its check. This module imports nothing, so any module can import it without a cycle.
export const WEBHOOK_MESSAGES = {
  webhookNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
} as const;
