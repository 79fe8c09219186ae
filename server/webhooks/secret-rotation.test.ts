// Rotating the app secret with webhooks of every kind stored: deliveries keep signing with each webhook's
// unchanged whsec_ secret (and keep sending its static header and OAuth2 client secret) while the previous
// app secret is listed, after re-encryption, and after the previous secret is dropped; an app secret that
// opens nothing is refused clearly and nothing is overwritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/services/webhook-config';
import { publishResult } from '@/server/services/results';
import { flushWebhooks } from './dispatcher';
import { createSecretBox } from './secret-box';
import { assertStoredSecretsReadable, reencryptStoredSecrets } from './secret-rotation';
import { verifyWebhook } from './signing';
import { startTestReceiver, type TestReceiver } from './test-receiver';
import { sampleResult, seedParticipant } from './test-fixtures';
import type { WebhookSettings } from './settings';

const OLD = 'the-old-application-secret-0123456789abcdef';
const NEW = 'the-new-application-secret-0123456789abcdef';
const WRONG = 'a-wrong-application-secret-0123456789abcdef';

const settingsWith = (current: string, previous: string[] = []): WebhookSettings => ({
  secretBox: createSecretBox(current, previous),
  allowPrivateUrls: true,
});

interface Hook {
  participantId: string;
  secret: string;
  receiver: TestReceiver;
}

describe.each(testDatabaseKinds())('app secret rotation (%s)', (kind) => {
  let db: TestDatabase;
  let tokenServer: TestReceiver;
  const hooks: Hook[] = [];

  /** Publishes one result per webhook, flushes with `settings`, and checks what each receiver got. */
  async function deliverAll(settings: WebhookSettings) {
    const before = hooks.map((h) => h.receiver.requests.length);
    for (const hook of hooks)
      await publishResult(db.prisma, {
        participantId: hook.participantId,
        result: sampleResult(),
        source: 'engine',
      });
    expect(await flushWebhooks(db.prisma, { settings })).toMatchObject({
      claimed: hooks.length,
      succeeded: hooks.length,
    });
    hooks.forEach((hook, i) => {
      const request = hook.receiver.requests[before[i]!]!;
      expect(verifyWebhook(hook.secret, request.body, request.headers)).toMatchObject({
        callback_type: 'Result Update',
      });
    });
    expect(hooks[1]!.receiver.requests.at(-1)!.headers['x-api-key']).toBe('customer-header-value-1');
    expect(hooks[2]!.receiver.requests.at(-1)!.headers.authorization).toBe('Bearer token-abc');
    for (const request of tokenServer.requests) {
      expect(new URLSearchParams(request.body).get('client_secret')).toBe('client-secret-1');
    }
  }

  const storedRows = () => db.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } });

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    tokenServer = await startTestReceiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: 'token-abc', token_type: 'Bearer', expires_in: 3600 }),
    }));
    const old = settingsWith(OLD);
    const auths = [
      {},
      { authType: 'header' as const, headerName: 'X-Api-Key', headerValue: 'customer-header-value-1' },
      {
        authType: 'oauth2' as const,
        tokenUrl: tokenServer.url,
        clientId: 'client-1',
        clientSecret: 'client-secret-1',
      },
    ];
    for (const auth of auths) {
      const receiver = await startTestReceiver();
      const { participantId, questionnaireId } = await seedParticipant(db.prisma);
      const { secret } = await configureWebhook(
        db.prisma,
        questionnaireId,
        { url: receiver.url, ...auth },
        { settings: old },
      );
      hooks.push({ participantId, secret: secret!, receiver });
    }
    await deliverAll(old);
  });
  afterAll(async () => {
    for (const hook of hooks) await hook.receiver.close();
    await tokenServer.close();
    await db.close();
  });

  it('a wrong app secret is refused with one line naming what cannot be read, and nothing is overwritten', async () => {
    const before = await storedRows();
    const wrong = createSecretBox(WRONG);
    await expect(assertStoredSecretsReadable(db.prisma, wrong)).rejects.toThrow(
      /^The signing secret of webhook [0-9a-f-]{36} \(questionnaire [0-9a-f-]{36}\) cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it$/,
    );
    await expect(reencryptStoredSecrets(db.prisma, wrong)).rejects.toThrow(/cannot be decrypted/);
    expect(await storedRows()).toEqual(before);
  });

  it('rotate: new secret with the old one listed, re-encrypt (idempotent), then drop the old secret', async () => {
    const rotated = settingsWith(NEW, [OLD]);
    await deliverAll(rotated);
    expect(await assertStoredSecretsReadable(db.prisma, rotated.secretBox)).toBe(3);

    expect(await reencryptStoredSecrets(db.prisma, rotated.secretBox)).toEqual({
      webhooks: 3,
      reencrypted: 3,
      alreadyCurrent: 0,
      changedMeanwhile: 0,
      secrets: 5, // three signing secrets, one header value, one OAuth2 client secret
    });
    const afterFirst = await storedRows();
    expect(await reencryptStoredSecrets(db.prisma, rotated.secretBox)).toMatchObject({
      reencrypted: 0,
      alreadyCurrent: 3,
    });
    expect(await storedRows()).toEqual(afterFirst);

    const onlyNew = settingsWith(NEW);
    await expect(assertStoredSecretsReadable(db.prisma, onlyNew.secretBox)).resolves.toBe(3);
    await deliverAll(onlyNew);
    // The old secret alone opens nothing any more.
    await expect(assertStoredSecretsReadable(db.prisma, createSecretBox(OLD))).rejects.toThrow(
      /cannot be decrypted/,
    );
  });
});
