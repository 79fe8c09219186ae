// Rotating the app secret with webhooks of every kind and an Admin with two-factor sign-in stored: deliveries
// keep signing with each webhook's unchanged whsec_ secret (and keep sending its static header and OAuth2
// client secret) while the previous app secret is listed, after re-encryption, and after the previous secret is
// dropped; the Admin still signs in with a TOTP code, gets new recovery codes and turns 2FA off after the old
// secret is gone; an app secret that opens nothing is refused clearly and nothing is overwritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { assertStoredSecretsReadable, reencryptStoredSecrets } from './secret-rotation';
import { verifyWebhook } from '@/server/webhooks/signing';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult, seedParticipant } from '@/server/test/webhook-fixtures';
import type { WebhookSettings } from '@/server/webhooks/settings';
import { generate } from 'otplib';
import { createAdmin } from '../../admins/users';
import { authenticateAdmin } from '../../admins/login';
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from '../../admins/two-factor';
import { stepUp } from '../../admins/step-up';
import { testActor } from '@/server/test/actor';

const OLD = 'the-old-application-secret-0123456789abcdef';
const NEW = 'the-new-application-secret-0123456789abcdef';
const WRONG = 'a-wrong-application-secret-0123456789abcdef';

const PASSWORD = 'correct horse battery';
/** The authenticator's code `steps` periods from now (each code is accepted once, so each check takes the next). */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const stepsFromNow = (steps: number) => new Date(Date.now() + steps * 30_000);

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
  const db = useTestDatabase(kind);
  let tokenServer: TestReceiver;
  const hooks: Hook[] = [];
  let admin: { id: string; email: string; totpSecret: string };

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

  const storedRows = async () => ({
    webhooks: await db.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } }),
    admins: await db.prisma.adminUser.findMany({ orderBy: { id: 'asc' } }),
  });

  beforeAll(async () => {
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
    const created = await createAdmin(db.prisma, { email: 'rotation@example.com', password: PASSWORD });
    const proof = await stepUp(
      db.prisma,
      old.secretBox,
      { adminId: created.id, password: PASSWORD },
      testActor,
    );
    const { secret: totpSecret } = await startEnrolment(db.prisma, old.secretBox, proof, testActor);
    await confirmEnrolment(
      db.prisma,
      old.secretBox,
      created.id,
      await codeAt(totpSecret, -2),
      testActor,
      stepsFromNow(-2),
    );
    admin = { ...created, totpSecret };
  }, 180_000);
  afterAll(async () => {
    for (const hook of hooks) await hook.receiver.close();
    await tokenServer.close();
  });

  /** With only `settings`' keyring: sign in with a TOTP code, then new recovery codes, then 2FA off. */
  async function signInAndChangeTwoFactor(settings: WebhookSettings) {
    const box = settings.secretBox;
    const signedIn = await authenticateAdmin(
      db.prisma,
      { email: admin.email, password: PASSWORD, code: await codeAt(admin.totpSecret, -1) },
      stepsFromNow(-1),
      box,
    );
    expect(signedIn).toMatchObject({ id: admin.id });
    const withCode = async (steps: number) =>
      stepUp(
        db.prisma,
        box,
        { adminId: admin.id, password: PASSWORD, code: await codeAt(admin.totpSecret, steps) },
        testActor,
        stepsFromNow(steps),
      );
    const { recoveryCodes } = await regenerateRecoveryCodes(db.prisma, await withCode(0), testActor);
    expect(recoveryCodes).toHaveLength(10);
    await disableTwoFactor(db.prisma, await withCode(1), testActor);
    expect(await twoFactorStatus(db.prisma, admin.id)).toMatchObject({ enabled: false });
  }

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
    expect(await assertStoredSecretsReadable(db.prisma, rotated.secretBox)).toEqual({
      webhooks: 3,
      admins: 1,
    });

    expect(await reencryptStoredSecrets(db.prisma, rotated.secretBox)).toEqual({
      // three signing secrets, one header value, one OAuth2 client secret
      webhooks: { rows: 3, reencrypted: 3, alreadyCurrent: 0, changedMeanwhile: 0, secrets: 5 },
      admins: { rows: 1, reencrypted: 1, alreadyCurrent: 0, changedMeanwhile: 0, secrets: 1 },
    });
    const afterFirst = await storedRows();
    expect(await reencryptStoredSecrets(db.prisma, rotated.secretBox)).toMatchObject({
      webhooks: { reencrypted: 0, alreadyCurrent: 3 },
      admins: { reencrypted: 0, alreadyCurrent: 1 },
    });
    expect(await storedRows()).toEqual(afterFirst);

    const onlyNew = settingsWith(NEW);
    await expect(assertStoredSecretsReadable(db.prisma, onlyNew.secretBox)).resolves.toEqual({
      webhooks: 3,
      admins: 1,
    });
    await deliverAll(onlyNew);
    await signInAndChangeTwoFactor(onlyNew);
    // The old secret alone opens nothing any more.
    await expect(assertStoredSecretsReadable(db.prisma, createSecretBox(OLD))).rejects.toThrow(
      /cannot be decrypted/,
    );
  });

  it('a two-factor secret the keyring cannot open stops start-up naming the Admin', async () => {
    const stray = await createAdmin(db.prisma, { email: 'stray@example.com', password: PASSWORD });
    await db.prisma.adminUser.update({
      where: { id: stray.id },
      data: {
        totpSecretEncrypted: createSecretBox(WRONG).encrypt('JBSWY3DPEHPK3PXP'),
        totpEnabledAt: new Date(),
      },
    });
    const before = await storedRows();
    await expect(assertStoredSecretsReadable(db.prisma, createSecretBox(NEW))).rejects.toThrow(
      /^The two-factor \(TOTP\) secret of Admin stray@example\.com cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it$/,
    );
    await expect(reencryptStoredSecrets(db.prisma, createSecretBox(NEW))).rejects.toThrow(
      /stray@example\.com/,
    );
    expect(await storedRows()).toEqual(before);
  });
});
