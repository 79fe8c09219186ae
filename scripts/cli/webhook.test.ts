// webhook:set and result:publish as an operator runs them (a child process on a real database, on each
// database the tests run on), and what they queue reaching a local receiver signed with the secret
// webhook:set printed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { publishResult } from '@/server/results/results';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { verifyWebhook } from '@/server/webhooks/signing';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult } from '@/server/test/webhook-fixtures';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, runCliJson, type CliDatabase } from './test-cli';

describe.each(testDatabaseKinds())('webhook:set and result:publish on %s', (kind) => {
  let cliDatabase: CliDatabase;
  let url: string;
  let receiver: TestReceiver;
  const cli = (args: string[], env: Record<string, string> = {}) => runCli(cliDatabase, args, { env });
  const cliJson = (args: string[], env: Record<string, string> = {}) =>
    runCliJson(cliDatabase, args, { env });
  beforeAll(async () => {
    cliDatabase = await createCliDatabase(kind);
    url = cliDatabase.url;
    receiver = await startTestReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await cliDatabase?.close();
  });

  it('sets a webhook, publishes a result from a file, and the delivery verifies with the printed secret', async () => {
    const tenant = await cliJson(['tenant:create', '--name', 'Hooks Inc']);
    const questionnaire = await cliJson([
      'questionnaire:create',
      '--tenant',
      String(tenant.id),
      '--name',
      'Q',
    ]);
    const questionnaireId = String(questionnaire.id);

    const refused = await cli(['webhook:set', '--questionnaire', questionnaireId, '--url', receiver.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('error: The URL must use https\n');

    const local = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
    const set = await cliJson(
      ['webhook:set', '--questionnaire', questionnaireId, '--url', receiver.url],
      local,
    );
    expect(set).toEqual({
      questionnaire_id: questionnaireId,
      url: receiver.url,
      secret: expect.stringMatching(/^whsec_/),
    });
    // Setting it again keeps (and prints) the same secret.
    const again = await cliJson(
      ['webhook:set', '--questionnaire', questionnaireId, '--url', receiver.url],
      local,
    );
    expect(again.secret).toBe(set.secret);

    let database = createDatabase(url, 1);
    const participant = await database.prisma.participant.create({
      data: {
        questionnaireId,
        irn: 'CLI-1',
        attempts: { create: { number: 1, accessCode: 'CLI1-CODE', guideToken: 'cli-guide-token' } },
      },
    });
    await database.close();

    const file = path.join(cliDatabase.dir, 'result.json');
    fs.writeFileSync(file, JSON.stringify({ participant_uuid: participant.id, ...sampleResult() }));
    const published = await cliJson(['result:publish', '--participant', participant.id, '--file', file]);
    expect(published).toEqual({
      id: expect.any(String),
      participant_uuid: participant.id,
      created: true,
      deliveries_queued: 1,
    });

    fs.writeFileSync(file, JSON.stringify({ ...sampleResult(), is_admission: 'no' }));
    const bad = await cli(['result:publish', '--participant', participant.id, '--file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`error: ${file}: is_admission is required and must be a boolean\n`);
    const missing = await cli([
      'result:publish',
      '--participant',
      participant.id,
      '--file',
      path.join(cliDatabase.dir, 'nope.json'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.json: ENOENT/);

    database = createDatabase(url, 1);
    try {
      // The app secret webhook:set sealed the signing secret with: on the embedded database the one it made
      // next to its data directory, on PostgreSQL the NEXTAUTH_SECRET it was given.
      const settings = { secretBox: createSecretBox(cliDatabase.appSecret()), allowPrivateUrls: true };
      expect(await flushWebhooks(database.prisma, { settings })).toMatchObject({ claimed: 1, succeeded: 1 });
    } finally {
      await database.close();
    }
    const [request] = await receiver.waitFor(1);
    expect(verifyWebhook(String(set.secret), request!.body, request!.headers)).toMatchObject({
      project_uuid: questionnaireId,
      interview_ref_num: 'CLI-1',
      access_code: 'CLI1-CODE',
    });
  }, 120_000);

  it('webhook:recover re-enables the webhook and queues what it missed once, with clear refusals', async () => {
    let database = createDatabase(url, 1);
    const { questionnaireId, participantId } = await (async () => {
      try {
        const tenant = await database.prisma.tenant.create({ data: { name: 'Recover Inc' } });
        const questionnaire = await database.prisma.questionnaire.create({
          data: { tenantId: tenant.id, name: 'R', languages: ['English'] },
        });
        const participant = await database.prisma.participant.create({
          data: {
            questionnaireId: questionnaire.id,
            irn: 'CLI-R',
            attempts: { create: { number: 1, accessCode: 'CLIR-CODE', guideToken: 'cli-recover-token' } },
          },
        });
        return { questionnaireId: questionnaire.id, participantId: participant.id };
      } finally {
        await database.close();
      }
    })();
    const local = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
    await cliJson(['webhook:set', '--questionnaire', questionnaireId, '--url', receiver.url], local);
    const since = new Date().toISOString();
    database = createDatabase(url, 1);
    try {
      await database.prisma.webhookEndpoint.updateMany({
        where: { questionnaireId },
        data: { active: false, disabledAt: new Date(), disabledReason: 'The endpoint answered 410 Gone' },
      });
      // Published while the webhook is disabled: nothing is queued.
      const published = await publishResult(database.prisma, {
        participantId,
        result: sampleResult(),
        source: 'engine',
      });
      expect(published.deliveryIds).toEqual([]);
    } finally {
      await database.close();
    }

    const recover = (...args: string[]) => cli(['webhook:recover', ...args]);
    const badId = await recover('--questionnaire', 'nope', '--since', since);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toMatch(
      /^error: option '--questionnaire <ID>' argument 'nope' is invalid\. must be a UUID\./,
    );
    const badDate = await recover('--questionnaire', questionnaireId, '--since', '2026-02-30T00:00:00Z');
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toMatch(
      /^error: option '--since <RFC3339>' argument '2026-02-30T00:00:00Z' is invalid\. must be an RFC 3339 date-time, e\.g\. 2026-11-20T08:00:00Z\./,
    );
    expect(
      await recover('--questionnaire', '00000000-0000-4000-8000-000000000000', '--since', since),
    ).toMatchObject({ code: 1, stderr: 'error: Questionnaire not found\n' });

    expect(await cliJson(['webhook:recover', '--questionnaire', questionnaireId, '--since', since])).toEqual({
      questionnaire_id: questionnaireId,
      since: expect.any(String),
      queued: 1,
    });
    const again = await cli(['webhook:recover', '--questionnaire', questionnaireId, '--since', since]);
    expect(again.stdout).toMatch(/^Queued 0 missed deliveries since .* the webhook is enabled\.\n$/);
  }, 300_000);
});
