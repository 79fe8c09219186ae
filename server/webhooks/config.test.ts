// The questionnaire's webhook as Admins configure it: URL and authentication checks, secrets kept encrypted,
// pausing and enabling (with the results missed meanwhile).
import { beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { appErrorFrom } from '@/server/test/app-error';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { useWebhookTestDatabase } from '@/server/test/webhook-database';
import { publishResult } from '../results/results';
import {
  configureWebhook,
  findWebhook,
  missedWhilePaused,
  revealSigningSecret,
  setWebhookActive,
  toWebhookView,
} from './config';
import { replayFailedSince } from './replay';

const settings = testSettings();
const strict = testSettings(false);

describe.each(testDatabaseKinds())('webhook settings (%s)', (kind) => {
  const database = useWebhookTestDatabase(kind);
  let db: TestDatabase;
  beforeEach(() => {
    db = database();
  });

  it('creates a webhook with a whsec_ secret shown once, stored only encrypted', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const created = await configureWebhook(
      db.prisma,
      questionnaireId,
      { url: 'https://127.0.0.1/hooks/results' },
      { settings },
    );
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.webhook).toMatchObject({
      url: 'https://127.0.0.1/hooks/results',
      active: true,
      auth: { type: 'none' },
    });
    expect(JSON.stringify(created.webhook)).not.toContain(created.secret!.slice(6));
    const row = await findWebhook(db.prisma, questionnaireId);
    expect(row!.secretEncrypted).not.toContain(created.secret!.slice(6));
    expect(
      await revealSigningSecret(db.prisma, questionnaireId, {
        settings: strict,
        actor: { type: 'admin', id: null },
      }),
    ).toBe(created.secret);
    const audit = await db.prisma.auditLog.findMany({ where: { questionnaireId }, orderBy: { at: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.secret.reveal']);
    expect(JSON.stringify(audit)).not.toContain(created.secret!.slice(6));

    // An update keeps the signing secret.
    const updated = await configureWebhook(
      db.prisma,
      questionnaireId,
      { url: 'https://127.0.0.1/other-hook' },
      { settings },
    );
    expect(updated.secret).toBeNull();
    expect(await revealSigningSecret(db.prisma, questionnaireId, { settings: strict })).toBe(created.secret);
  });

  it.each([
    ['http://example.com/hook', 'url', 'The URL must use https'],
    ['https://127.0.0.1/hook#part', 'url', 'The URL must not contain a fragment (the part from #)'],
    ['https://127.0.0.1/hook', 'url', /non-public address \(127\.0\.0\.1\)/],
    ['https://localhost/hook', 'url', /non-public address/],
    ['https://169.254.169.254/latest/meta-data', 'url', /non-public address/],
    ['https://[::1]/hook', 'url', /non-public address/],
    ['  ', 'url', 'Enter the webhook URL'],
  ])('refuses %s when saved', async (url, field, message) => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const error = await appErrorFrom(
      configureWebhook(db.prisma, questionnaireId, { url }, { settings: strict }),
    );
    expect(error.kind).toBe('BAD_REQUEST');
    expect(error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(error.details.field).toBe(field);
    expect(await findWebhook(db.prisma, questionnaireId)).toBeNull();
  });

  it('checks the authentication fields and keeps stored secret values that are not re-entered', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const url = 'https://127.0.0.1/hook';
    const configure = (input: Record<string, string>) =>
      configureWebhook(db.prisma, questionnaireId, { url, ...input }, { settings });
    expect((await appErrorFrom(configure({ authType: 'header' }))).details.field).toBe('headerName');
    expect(
      (await appErrorFrom(configure({ authType: 'header', headerName: 'Bad Name', headerValue: 'v' })))
        .message,
    ).toMatch(/Use only letters/);
    expect(
      (
        await appErrorFrom(
          configure({ authType: 'header', headerName: 'Webhook-Signature', headerValue: 'v' }),
        )
      ).message,
    ).toBe('The service sets this header itself; choose another name');
    // A header the HTTP client would refuse to send: refused here, not at each delivery.
    expect(
      (await appErrorFrom(configure({ authType: 'header', headerName: 'Expect', headerValue: 'v' }))).message,
    ).toBe('The service sets this header itself; choose another name');
    expect((await appErrorFrom(configure({ authType: 'header', headerName: 'X-Key' }))).details.field).toBe(
      'headerValue',
    );
    expect(
      (await appErrorFrom(configure({ authType: 'header', headerName: 'X-Key', headerValue: 'a\r\nb' })))
        .details.field,
    ).toBe('headerValue');
    expect(
      (await appErrorFrom(configure({ authType: 'oauth2', clientId: 'c', clientSecret: 's' }))).details.field,
    ).toBe('tokenUrl');
    expect(
      (
        await appErrorFrom(
          configure({
            authType: 'oauth2',
            tokenUrl: 'ftp://127.0.0.1/token',
            clientId: 'c',
            clientSecret: 's',
          }),
        )
      ).details.field,
    ).toBe('tokenUrl');

    await configure({ authType: 'header', headerName: 'X-Key', headerValue: 'value-1' });
    const kept = await configure({ authType: 'header', headerName: 'X-Other-Key', headerValue: '' });
    expect(kept.webhook.auth).toEqual({ type: 'header', name: 'X-Other-Key', hasValue: true });
    const row = await findWebhook(db.prisma, questionnaireId);
    expect(settings.secretBox.decrypt(row!.authHeaderValueEncrypted!)).toBe('value-1');

    // Switching to OAuth2 needs a client secret, since none is stored yet; then it is kept too.
    expect(
      (
        await appErrorFrom(
          configure({ authType: 'oauth2', tokenUrl: 'https://127.0.0.1/token', clientId: 'c' }),
        )
      ).details.field,
    ).toBe('clientSecret');
    await configure({
      authType: 'oauth2',
      tokenUrl: 'https://127.0.0.1/token',
      clientId: 'c',
      clientSecret: 's-1',
      audience: 'aud',
    });
    const oauth = await configure({
      authType: 'oauth2',
      tokenUrl: 'https://127.0.0.1/token',
      clientId: 'c2',
    });
    expect(oauth.webhook.auth).toEqual({
      type: 'oauth2',
      tokenUrl: 'https://127.0.0.1/token',
      clientId: 'c2',
      hasClientSecret: true,
      audience: null,
      scope: null,
    });
    const none = await configure({ authType: 'none' });
    expect(none.webhook.auth).toEqual({ type: 'none' });
    const cleared = await findWebhook(db.prisma, questionnaireId);
    expect(cleared!.authHeaderValueEncrypted).toBeNull();
    expect(cleared!.oauthClientSecretEncrypted).toBeNull();
  });

  it('holds deliveries while disabled and sends them once enabled again', async () => {
    const receiver = await startTestReceiver();
    try {
      const { questionnaireId, participantId } = await seedParticipant(db.prisma);
      await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      const view = await setWebhookActive(db.prisma, questionnaireId, false);
      expect(view).toMatchObject({ active: false, disabledReason: 'Disabled by an Admin' });
      expect(await flushWebhooks(db.prisma, { settings })).toMatchObject({ claimed: 0 });
      // A disabled webhook gets no new deliveries.
      const published = await publishResult(db.prisma, {
        participantId,
        result: sampleResult(),
        source: 'engine',
      });
      expect(published.deliveryIds).toEqual([]);
      expect((await appErrorFrom(replayFailedSince(db.prisma, questionnaireId, new Date(0)))).kind).toBe(
        'CONFLICT',
      );
      // Failing for days before it was paused: enabling it again forgets that (docs/webhooks.md).
      await db.prisma.webhookEndpoint.updateMany({
        where: { questionnaireId },
        data: {
          consecutiveFailures: 9,
          failingSince: new Date(Date.now() - 6 * 24 * 3_600_000),
          breakerOpenedAt: new Date(),
          lastFailureError: 'HTTP 503',
        },
      });
      const enabled = await setWebhookActive(db.prisma, questionnaireId, true);
      expect(enabled.health).toEqual({ state: 'healthy' });
      expect(await findWebhook(db.prisma, questionnaireId)).toMatchObject({
        consecutiveFailures: 0,
        failingSince: null,
        breakerOpenedAt: null,
        lastFailureError: null,
      });
      expect(await flushWebhooks(db.prisma, { settings })).toMatchObject({ claimed: 1, succeeded: 1 });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends the results published while paused when enabled with sendMissed, and only then', async () => {
    const receiver = await startTestReceiver();
    try {
      const { questionnaireId, participantId, irn } = await seedParticipant(db.prisma);
      await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
      await setWebhookActive(db.prisma, questionnaireId, false);
      await publishResult(db.prisma, {
        participantId,
        result: sampleResult({ status: 'first' }),
        source: 'engine',
      });
      await publishResult(db.prisma, {
        participantId,
        result: sampleResult({ status: 'latest' }),
        source: 'engine',
      });
      expect(await missedWhilePaused(db.prisma, questionnaireId)).toMatchObject({ count: 1 });
      const enabled = await setWebhookActive(db.prisma, questionnaireId, true, { sendMissed: true });
      expect(enabled).toMatchObject({ active: true, resent: 1 });
      expect(await missedWhilePaused(db.prisma, questionnaireId)).toMatchObject({ count: 0 });
      expect(await flushWebhooks(db.prisma, { settings })).toMatchObject({ claimed: 1, succeeded: 1 });
      const body = JSON.parse(receiver.requests[0]!.body) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 'latest', interview_ref_num: irn, project_uuid: questionnaireId });

      // Paused again, then enabled without sending: nothing is queued.
      await setWebhookActive(db.prisma, questionnaireId, false);
      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      expect(await setWebhookActive(db.prisma, questionnaireId, true)).toMatchObject({ resent: 0 });
      expect(await flushWebhooks(db.prisma, { settings })).toMatchObject({ claimed: 0 });
    } finally {
      await receiver.close();
    }
  });

  it('never puts a secret into the view', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    await configureWebhook(
      db.prisma,
      questionnaireId,
      {
        url: 'https://127.0.0.1/h',
        authType: 'oauth2',
        tokenUrl: 'https://127.0.0.1/t',
        clientId: 'id',
        clientSecret: 'super-secret-value',
      },
      { settings },
    );
    const view = toWebhookView((await findWebhook(db.prisma, questionnaireId))!);
    expect(JSON.stringify(view)).not.toMatch(/super-secret-value|Encrypted|whsec_/);
  });
});
