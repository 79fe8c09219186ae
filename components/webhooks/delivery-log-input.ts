// The delivery log's list (webhook.deliveries, read page by page): its input, for the log in the browser and
// for the webhook page on the server, which fetches the log's first page as the log opens (all deliveries).
const DELIVERY_LOG_PAGE_SIZE = 25;

export const deliveryLogInput = (
  questionnaireId: string,
  participantId: string | undefined,
  failedOnly: boolean,
) => ({
  questionnaireId,
  participantId,
  failedOnly,
  limit: DELIVERY_LOG_PAGE_SIZE,
});
