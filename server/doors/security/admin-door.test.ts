// OWASP API Security Top 10 (2023) checks of the Admin door (tRPC), over every procedure the router has, so a
// procedure added later is covered without anyone remembering to:
//   API1 object-level authorisation: another tenant's questionnaire id is refused by every procedure that
//        takes one, as "not found", and nothing is written;
//   API3 property-level exposure: no response of any query carries a hash, a password or a secret;
//   API5 function-level authorisation: a questionnaire Admin cannot call the operators' procedures;
//   API8 misconfiguration: a cross-site request to the tRPC endpoint is refused before anything runs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import type { AnyTRPCProcedure } from '@trpc/server';
import { createCallerFactory } from '@/server/platform/trpc';
import { appRouter } from '@/server/doors/admin/router';
import { createAdmin } from '@/server/admins/users';
import { insertApiKey } from '@/server/api-keys/api-keys';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { createImportPreview } from '@/server/imports/job';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { rowCounts } from '@/server/test/row-counts';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';
import { CROSS_SITE_MESSAGE } from '@/server/admins/csrf';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>);

/** Procedures whose input names a questionnaire: they must act only inside the caller's grants. */
const questionnaireScoped = procedures.filter(([, procedure]) =>
  (procedure._def as { inputs: { shape?: Record<string, unknown> }[] }).inputs.some(
    (input) => input.shape && 'questionnaireId' in input.shape,
  ),
);

/** Platform operators only. */
const OPERATOR_PROCEDURES = [
  'tenant.create',
  'questionnaire.create',
  'adminUser.list',
  'adminUser.invite',
  'adminUser.revokeGrant',
  'auditLog.listAll',
  'auditLog.allActions',
];

/** Field names that would mean a secret left the server. */
const SECRET_FIELD = /hash|password|secret(?!.*(expires|at)$)|encrypted|token(?!url)/i;

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
const callPath = (api: Caller, path: string, input: unknown) =>
  (
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (
      input: unknown,
    ) => Promise<unknown>
  )(input);

function fieldNames(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) fieldNames(v, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      into.push(key);
      fieldNames(v, into);
    }
  return into;
}

describe.each(testDatabaseKinds())('Admin door security (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const db = useTestDatabase(kind);
  let mine: SeededParticipant;
  let theirs: SeededParticipant;
  let secrets: string[];
  let ids: Record<string, string>;
  let questionnaireAdmin: Caller;
  let operator: Caller;

  const callerFor = (adminId: string, headers = new Headers()): Caller =>
    createCaller({
      db: db.prisma,
      session: { adminId, signedInAt: Date.now(), expires: '' } satisfies Session,
      authorization: null,
      sourceIp: null,
      headers,
    });

  beforeAll(async () => {
    mine = await seedParticipant(db.prisma);
    theirs = await seedParticipant(db.prisma);
    const password = 'a-long-enough-password';
    const admin = await createAdmin(db.prisma, {
      email: `q-${kind}@example.com`,
      password,
      questionnaireId: mine.questionnaireId,
    });
    const op = await createAdmin(db.prisma, { email: `op-${kind}@example.com`, password, isOperator: true });
    questionnaireAdmin = callerFor(admin.id);
    operator = callerFor(op.id);
    // Secrets of every kind, in both tenants: keys, webhook signing secrets, the customer's webhook credentials.
    secrets = [password];
    let myKeyId = '';
    for (const seeded of [mine, theirs]) {
      const key = await insertApiKey(db.prisma, {
        questionnaireId: seeded.questionnaireId,
        name: 'k',
        scopes: ['participant:write'],
      });
      secrets.push(key.record.api_key);
      if (seeded === mine) myKeyId = key.record.id;
      const webhook = await configureWebhook(db.prisma, seeded.questionnaireId, {
        url: 'https://127.0.0.1/hook',
        authType: 'header',
        headerName: 'X-Api-Key',
        headerValue: 'customer-credential-123',
      });
      secrets.push(webhook.secret!, 'customer-credential-123');
      await publishResult(db.prisma, {
        participantId: seeded.participantId,
        result: sampleResult(),
        source: 'engine',
      });
    }
    const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({
      where: { participantId: mine.participantId },
    });
    // An uploaded file, so the import queries answer too (they are checked like every other query).
    const preview = await createImportPreview(db.prisma, {
      scope: { questionnaireId: mine.questionnaireId, tenantId: mine.tenantId },
      fileName: 'cohort.csv',
      bytes: new TextEncoder().encode('interview_ref_num,email\nIRN-IMPORT-1,someone@example.com'),
      actor: { type: 'admin' },
    });
    ids = {
      participantId: mine.participantId,
      deliveryId: delivery.id,
      importId: preview.progress.id,
      keyId: myKeyId,
      // The key's request log, all of it.
      filter: 'all',
      // The overview's charts count days in the Admin's zone.
      timeZone: 'Europe/Berlin',
    };
  });

  it('finds the questionnaire-scoped procedures to check (the router is read, not a hand-kept list)', () => {
    const names = questionnaireScoped.map(([path]) => path);
    expect(names.length).toBeGreaterThanOrEqual(20);
    for (const path of ['apiKey.create', 'participant.get', 'webhook.publishResult', 'blockedNumber.remove'])
      expect(names).toContain(path);
  });

  it('API1: every questionnaire-scoped procedure refuses another tenant’s questionnaire as not found, writing nothing', async () => {
    const before = await rowCounts(db.prisma);
    const webhooksBefore = await db.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } });
    for (const [path] of questionnaireScoped) {
      const attempt = callPath(questionnaireAdmin, path, { questionnaireId: theirs.questionnaireId, ...ids });
      await expect(attempt, path).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Questionnaire not found',
      });
    }
    expect(await rowCounts(db.prisma)).toEqual(before);
    expect(await db.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } })).toEqual(webhooksBefore);
  });

  it('API1: a procedure on my questionnaire cannot reach another tenant’s participant or delivery', async () => {
    const foreignDelivery = await db.prisma.webhookDelivery.findFirstOrThrow({
      where: { participantId: theirs.participantId },
    });
    for (const [path, input] of [
      ['participant.get', { participantId: theirs.participantId }],
      ['webhook.results', { participantId: theirs.participantId }],
      ['webhook.deliveries', { participantId: theirs.participantId }],
      ['webhook.delivery', { deliveryId: foreignDelivery.id }],
      ['webhook.replay', { deliveryId: foreignDelivery.id }],
      ['webhook.publishResult', { participantId: theirs.participantId, ...sampleResult() }],
    ] as const) {
      await expect(
        callPath(questionnaireAdmin, path, { questionnaireId: mine.questionnaireId, ...input }),
        path,
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('API5: a questionnaire Admin cannot call the operators’ procedures', async () => {
    const inputs: Record<string, unknown> = {
      'tenant.create': { name: 'Sneaky' },
      'questionnaire.create': { tenantId: mine.tenantId, name: 'Sneaky' },
      'adminUser.list': undefined,
      'adminUser.invite': { email: 'friend@example.com', access: { kind: 'operator' } },
      'adminUser.revokeGrant': { grantId: '00000000-0000-4000-8000-000000000000' },
      'auditLog.listAll': {},
      'auditLog.allActions': undefined,
    };
    const before = await rowCounts(db.prisma);
    for (const path of OPERATOR_PROCEDURES) {
      await expect(callPath(questionnaireAdmin, path, inputs[path]), path).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    expect(await rowCounts(db.prisma)).toEqual(before);
    expect(await db.prisma.tenant.count({ where: { name: 'Sneaky' } })).toBe(0);
    expect(await db.prisma.adminUser.count({ where: { email: 'friend@example.com' } })).toBe(0);
  });

  it('API3: no query of the Admin door returns a hash, a password or a secret', async () => {
    const queries = procedures.filter(([, p]) => (p._def as { type: string }).type === 'query');
    const answered: string[] = [];
    for (const [path] of queries) {
      const result = await callPath(operator, path, { questionnaireId: mine.questionnaireId, ...ids }).catch(
        () => undefined,
      );
      if (result === undefined) continue;
      answered.push(path);
      const json = JSON.stringify(result);
      expect(
        fieldNames(result).filter((name) => SECRET_FIELD.test(name)),
        path,
      ).toEqual([]);
      for (const secret of secrets) expect(json, path).not.toContain(secret);
    }
    // Every query answers with these ids (a refused one would prove nothing).
    expect(answered).toEqual(queries.map(([path]) => path));
  });

  it('API3: the only ways to see a secret again are deliberate, audited mutations', async () => {
    const revealed = await questionnaireAdmin.webhook.revealSecret({ questionnaireId: mine.questionnaireId });
    expect(secrets).toContain(revealed.secret);
    expect(
      await db.prisma.auditLog.count({
        where: { action: 'webhook.secret.reveal', questionnaireId: mine.questionnaireId },
      }),
    ).toBe(1);
  });
});

describe('API8: cross-site requests to the Admin tRPC endpoint', () => {
  it('are refused with 403 before the session is even read', async () => {
    const { POST } = await import('@/app/api/trpc/[trpc]/route');
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const response = await POST(
        new Request('http://localhost:3000/api/trpc/apiKey.delete', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ questionnaireId: 'x', keyId: 'y' }),
        }),
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        CROSS_SITE_MESSAGE,
      );
    }
  });
});
