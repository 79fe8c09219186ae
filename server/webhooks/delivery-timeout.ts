// How long a receiver has to answer one delivery before the attempt counts as failed. Its own module so the
// customer docs (/docs/webhooks, the OpenAPI text) render the number the dispatcher uses without loading it.
export const DELIVERY_TIMEOUT_MS = 15_000;
