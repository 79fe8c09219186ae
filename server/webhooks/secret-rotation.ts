// App-secret rotation of the webhook secrets stored encrypted (secret-box.ts): a check that every stored
// secret opens with the configured keyring (start-up refuses otherwise), and the re-encryption that moves
// them all to the current secret. Re-encryption is idempotent and resumable: a webhook already sealed with
// the current secret is left alone, each webhook is rewritten in one conditional statement (a concurrent
// change by an Admin wins), and nothing is written unless every stored secret is readable first.
import type { PrismaClient, WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import type { SecretBox } from './secret-box';

const ENCRYPTED_FIELDS = {
  secretEncrypted: 'signing secret',
  previousSecretEncrypted: 'previous signing secret',
  authHeaderValueEncrypted: 'static header value',
  oauthClientSecretEncrypted: 'OAuth2 client secret',
} as const;

type EncryptedField = keyof typeof ENCRYPTED_FIELDS;
const FIELDS = Object.keys(ENCRYPTED_FIELDS) as EncryptedField[];
const PAGE_SIZE = 200;

export class UnreadableStoredSecretError extends Error {
  constructor(webhook: Pick<WebhookEndpoint, 'id' | 'questionnaireId'>, field: EncryptedField) {
    super(
      `The ${ENCRYPTED_FIELDS[field]} of webhook ${webhook.id} (questionnaire ${webhook.questionnaireId}) cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it`,
    );
    this.name = 'UnreadableStoredSecretError';
  }
}

async function* webhookPages(db: PrismaClient): AsyncGenerator<WebhookEndpoint[]> {
  let after: string | undefined;
  for (;;) {
    const page = await db.webhookEndpoint.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: PAGE_SIZE,
    });
    if (page.length === 0) return;
    yield page;
    after = page.at(-1)!.id;
  }
}

/** Throws UnreadableStoredSecretError (one line naming the webhook and the secret) at the first unreadable one. */
export async function assertStoredSecretsReadable(db: PrismaClient, box: SecretBox): Promise<number> {
  let webhooks = 0;
  for await (const page of webhookPages(db)) {
    for (const webhook of page) {
      for (const field of FIELDS) {
        const sealed = webhook[field];
        if (sealed === null) continue;
        try {
          box.decrypt(sealed);
        } catch {
          throw new UnreadableStoredSecretError(webhook, field);
        }
      }
      webhooks++;
    }
  }
  return webhooks;
}

export interface ReencryptionCounts {
  webhooks: number;
  /** Webhooks rewritten under the current secret by this run. */
  reencrypted: number;
  /** Webhooks whose secrets were all sealed with the current secret already. */
  alreadyCurrent: number;
  /** Webhooks changed by someone else meanwhile (their new values are sealed with the current secret). */
  changedMeanwhile: number;
  /** Encrypted values rewritten. */
  secrets: number;
}

export async function reencryptStoredSecrets(db: PrismaClient, box: SecretBox): Promise<ReencryptionCounts> {
  await assertStoredSecretsReadable(db, box);
  const counts: ReencryptionCounts = {
    webhooks: 0,
    reencrypted: 0,
    alreadyCurrent: 0,
    changedMeanwhile: 0,
    secrets: 0,
  };
  for await (const page of webhookPages(db)) {
    for (const webhook of page) {
      counts.webhooks++;
      const stale = FIELDS.filter((f) => webhook[f] !== null && !box.isCurrent(webhook[f]));
      if (stale.length === 0) {
        counts.alreadyCurrent++;
        continue;
      }
      const { count } = await db.webhookEndpoint.updateMany({
        where: { id: webhook.id, ...Object.fromEntries(stale.map((f) => [f, webhook[f]])) },
        data: Object.fromEntries(stale.map((f) => [f, box.encrypt(box.decrypt(webhook[f]!))])),
      });
      if (count === 1) {
        counts.reencrypted++;
        counts.secrets += stale.length;
      } else {
        counts.changedMeanwhile++;
      }
    }
  }
  return counts;
}
