// App-secret rotation of every secret stored sealed (secret-box.ts): the webhook secrets (signing secret,
// static header value, OAuth2 client secret) and the Admins' TOTP secrets (confirmed and pending enrolment).
// A check that every sealed value opens with the configured keyring (start-up refuses otherwise), and the
// re-encryption that moves them all to the current secret. Re-encryption is idempotent and resumable: a row
// already sealed with the current secret is left alone, each row is rewritten in one conditional statement (a
// concurrent change, by an Admin or a sign-in, wins), and nothing is written unless every value is readable.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import type { SecretBox } from '@/server/platform/crypto/secret-box';

const PAGE_SIZE = 200;

type Sealed = Record<string, string | null>;

/** One table holding sealed values: how to page through it, name a row, and rewrite a row conditionally. */
interface SealedTable<F extends string> {
  labels: Record<F, string>;
  page: (
    db: PrismaClient,
    after: string | undefined,
  ) => Promise<({ id: string } & Record<F, string | null>)[]>;
  describe: (row: { id: string } & Record<string, unknown>) => string;
  /** Writes `next` where the row still holds `expected`; false when someone changed it meanwhile. */
  rewrite: (db: PrismaClient, id: string, expected: Sealed, next: Sealed) => Promise<boolean>;
}

const webhooks: SealedTable<
  'secretEncrypted' | 'previousSecretEncrypted' | 'authHeaderValueEncrypted' | 'oauthClientSecretEncrypted'
> = {
  labels: {
    secretEncrypted: 'signing secret',
    previousSecretEncrypted: 'previous signing secret',
    authHeaderValueEncrypted: 'static header value',
    oauthClientSecretEncrypted: 'OAuth2 client secret',
  },
  page: (db, after) =>
    db.webhookEndpoint.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: PAGE_SIZE,
      select: {
        id: true,
        questionnaireId: true,
        secretEncrypted: true,
        previousSecretEncrypted: true,
        authHeaderValueEncrypted: true,
        oauthClientSecretEncrypted: true,
      },
    }),
  describe: (row) => `webhook ${row.id} (questionnaire ${String(row.questionnaireId)})`,
  rewrite: async (db, id, expected, next) =>
    (await db.webhookEndpoint.updateMany({ where: { id, ...expected }, data: next })).count === 1,
};

const adminTotpSecrets: SealedTable<'totpSecretEncrypted' | 'totpPendingSecretEncrypted'> = {
  labels: {
    totpSecretEncrypted: 'two-factor (TOTP) secret',
    totpPendingSecretEncrypted: 'unconfirmed two-factor (TOTP) secret',
  },
  page: (db, after) =>
    db.adminUser.findMany({
      where: {
        ...(after ? { id: { gt: after } } : {}),
        OR: [{ totpSecretEncrypted: { not: null } }, { totpPendingSecretEncrypted: { not: null } }],
      },
      orderBy: { id: 'asc' },
      take: PAGE_SIZE,
      select: { id: true, email: true, totpSecretEncrypted: true, totpPendingSecretEncrypted: true },
    }),
  describe: (row) => `Admin ${String(row.email)}`,
  rewrite: async (db, id, expected, next) =>
    (await db.adminUser.updateMany({ where: { id, ...expected }, data: next })).count === 1,
};

const TABLES = { webhooks, admins: adminTotpSecrets } as const;
type TableName = keyof typeof TABLES;

class UnreadableStoredSecretError extends Error {
  constructor(what: string, label: string) {
    super(
      `The ${label} of ${what} cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it`,
    );
    this.name = 'UnreadableStoredSecretError';
  }
}

async function* rows(db: PrismaClient, table: SealedTable<string>) {
  let after: string | undefined;
  for (;;) {
    const page = await table.page(db, after);
    if (page.length === 0) return;
    yield* page;
    after = page.at(-1)!.id;
  }
}

const fieldsOf = (table: SealedTable<string>) => Object.keys(table.labels);

export type StoredSecretCounts = Record<TableName, number>;

/**
 * Throws UnreadableStoredSecretError (one line naming the row and the secret) at the first value the keyring
 * cannot open; returns how many rows of each table hold sealed values.
 */
export async function assertStoredSecretsReadable(
  db: PrismaClient,
  box: SecretBox,
): Promise<StoredSecretCounts> {
  const counts = { webhooks: 0, admins: 0 };
  for (const name of Object.keys(TABLES) as TableName[]) {
    const table = TABLES[name] as SealedTable<string>;
    for await (const row of rows(db, table)) {
      for (const field of fieldsOf(table)) {
        const sealed = row[field];
        if (sealed == null) continue;
        try {
          box.decrypt(sealed);
        } catch {
          throw new UnreadableStoredSecretError(table.describe(row), table.labels[field]!);
        }
      }
      counts[name]++;
    }
  }
  return counts;
}

export interface ReencryptionCounts {
  /** Rows holding sealed values. */
  rows: number;
  /** Rows rewritten under the current secret by this run. */
  reencrypted: number;
  /** Rows whose values were all sealed with the current secret already. */
  alreadyCurrent: number;
  /** Rows changed by someone else meanwhile (their new values are sealed with the current secret). */
  changedMeanwhile: number;
  /** Sealed values rewritten. */
  secrets: number;
}

async function reencryptTable(
  db: PrismaClient,
  box: SecretBox,
  table: SealedTable<string>,
): Promise<ReencryptionCounts> {
  const counts: ReencryptionCounts = {
    rows: 0,
    reencrypted: 0,
    alreadyCurrent: 0,
    changedMeanwhile: 0,
    secrets: 0,
  };
  for await (const row of rows(db, table)) {
    counts.rows++;
    const stale = fieldsOf(table).filter((f) => row[f] != null && !box.isCurrent(row[f]));
    if (stale.length === 0) {
      counts.alreadyCurrent++;
      continue;
    }
    const expected = Object.fromEntries(stale.map((f) => [f, row[f]!]));
    const next = Object.fromEntries(stale.map((f) => [f, box.encrypt(box.decrypt(row[f]!))]));
    if (await table.rewrite(db, row.id, expected, next)) {
      counts.reencrypted++;
      counts.secrets += stale.length;
    } else {
      counts.changedMeanwhile++;
    }
  }
  return counts;
}

/** Seals every stored secret with the current app secret, after checking that every one of them opens. */
export async function reencryptStoredSecrets(
  db: PrismaClient,
  box: SecretBox,
): Promise<Record<TableName, ReencryptionCounts>> {
  await assertStoredSecretsReadable(db, box);
  return {
    webhooks: await reencryptTable(db, box, webhooks),
    admins: await reencryptTable(db, box, adminTotpSecrets),
  };
}
