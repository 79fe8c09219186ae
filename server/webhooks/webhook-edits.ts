// The webhook's settings as the Admin form edits them (URL and authentication), for the check that refuses a
// save from a form opened before someone else's change (server/platform/lib/edit-version.ts). Secret values
// are compared as stored (encrypted): a form that leaves them empty keeps them and never conflicts.
import type { WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import {
  assertNoConflictingChange,
  changedFields,
  editVersionOf,
  type EditedFields,
} from '@/server/platform/lib/edit-version';

type EditedColumn =
  | 'url'
  | 'authType'
  | 'authHeaderName'
  | 'authHeaderValueEncrypted'
  | 'oauthTokenUrl'
  | 'oauthClientId'
  | 'oauthClientSecretEncrypted'
  | 'oauthAudience'
  | 'oauthScope';

const WEBHOOK_EDIT: EditedFields<EditedColumn> = {
  thing: 'webhook',
  labels: {
    url: 'URL',
    authType: 'authentication',
    authHeaderName: 'header name',
    authHeaderValueEncrypted: 'header value',
    oauthTokenUrl: 'token URL',
    oauthClientId: 'client ID',
    oauthClientSecretEncrypted: 'client secret',
    oauthAudience: 'audience',
    oauthScope: 'scope',
  },
};

type WebhookEditedColumns = Pick<WebhookEndpoint, EditedColumn>;

/** The webhook's settings as the form opens them. */
export const webhookEditVersion = (webhook: WebhookEditedColumns) => editVersionOf(WEBHOOK_EDIT, webhook);

export const WEBHOOK_SET_UP_MEANWHILE =
  'A webhook was set up for this questionnaire by someone else since you opened the page. Reload to see it.';
export const WEBHOOK_REMOVED_MEANWHILE =
  'This webhook was removed by someone else since you opened it. Reload to see the changes.';

/**
 * Refuses a save from a form opened at `editVersion` (null: the form saw no webhook) when the webhook has
 * changed since in a field the save would set otherwise; `existing` read under the questionnaire's lock.
 * Without a version (the CLI, tests), nothing is compared.
 */
export function assertWebhookUnchanged(
  existing: WebhookEndpoint | null,
  editVersion: string | null | undefined,
  next: WebhookEditedColumns,
): void {
  if (editVersion === undefined) return;
  if (editVersion === null) {
    if (existing) throw new AppError('CONFLICT', WEBHOOK_SET_UP_MEANWHILE);
    return;
  }
  if (!existing) throw new AppError('CONFLICT', WEBHOOK_REMOVED_MEANWHILE);
  assertNoConflictingChange(WEBHOOK_EDIT, editVersion, existing, next);
}

/** The edited columns a save changes, for its audit entry (none: the save changes nothing). */
export const changedWebhookColumns = (existing: WebhookEditedColumns, next: WebhookEditedColumns) =>
  changedFields(WEBHOOK_EDIT, existing, next);
