// The server killed (SIGKILL) in the middle of a load of participant creations and result publications,
// then restarted: no participant may be half-written, and every result that was accepted (202) must still
// reach the customer's webhook, the outbox rows claimed by the dead server included.
import { randomBytes } from 'node:crypto';
import { createDatabase } from '@/server/platform/db/client';
import { configureWebhook } from '@/server/webhooks/config';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { seedQuestionnaire } from '../bench/fixtures';
import { startBenchServer, type BenchServer } from '../bench/server';
import { startReceiver } from './receiver';

export interface ServerKillFigures {
  operations: number;
  participantsAccepted: number;
  resultsAccepted: number;
  refusedWhileDown: number;
  participantsStored: number;
  participantsWithoutAttempt: number;
  acceptedResultsStored: number;
  deliveriesQueued: number;
  deliveriesReceived: number;
  secondsUntilAllDelivered: number | null;
  ok: boolean;
}

const RESULT = {
  status: 'Result Published',
  overall_evaluation: 'HR',
  questions_risk_rating: [{ sequence: '1', risk_level: 'HR', text: 'Question one' }],
  is_admission: false,
  is_counter_measure: true,
  is_not_complete: false,
  summary: 'HR',
  summary_bgcolor: '#dc3545',
  clear: false,
};

export async function runServerKill(options: {
  databaseUrl: string;
  distDir: string;
  port: number;
  operations: number;
  concurrency: number;
  deliveryWaitSeconds: number;
}): Promise<ServerKillFigures> {
  const secrets = {
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
  };
  const seeded = await seedQuestionnaire(options.databaseUrl);
  const receiver = await startReceiver();
  const db = createDatabase(options.databaseUrl, 2);
  await configureWebhook(
    db.prisma,
    seeded.questionnaireId,
    { url: receiver.url },
    { settings: { secretBox: createSecretBox(secrets.NEXTAUTH_SECRET), allowPrivateUrls: true } },
  );
  const serverOptions = {
    port: options.port,
    distDir: options.distDir,
    env: {
      DATABASE_URL: options.databaseUrl,
      WEBHOOK_SCHEDULER: 'true',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      ...secrets,
    },
  };
  let server: BenchServer = await startBenchServer(serverOptions);
  const acceptedParticipants = new Set<string>();
  const acceptedResults = new Set<string>();
  let refusedWhileDown = 0;
  let next = 0;

  const call = async (path: string, body: unknown, authorization: string) => {
    try {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch {
      refusedWhileDown++; // connection refused or reset: the client was promised nothing
      return null;
    }
  };
  const worker = async () => {
    while (next < options.operations) {
      const i = next++;
      const created = await call(
        '/questionnaire/v1/participant',
        { project_uuid: seeded.questionnaireId, interview_ref_num: `KILL-${i}` },
        seeded.apiKey,
      );
      if (created?.status !== 200) continue;
      const participantId = created.body.participant_uuid as string;
      acceptedParticipants.add(participantId);
      const ingested = await call(
        '/api/internal/results',
        { participant_uuid: participantId, ...RESULT },
        `Bearer ${secrets.INTERNAL_API_TOKEN}`,
      );
      if (ingested?.status === 202) acceptedResults.add(participantId);
    }
  };
  const crash = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    console.log('  killing the server (SIGKILL) …');
    await server.kill();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    console.log('  restarting the server …');
    server = await startBenchServer(serverOptions);
  })();
  await Promise.all([...Array.from({ length: options.concurrency }, worker), crash]);

  // The restarted server's scheduler delivers what is due, and re-claims what the dead one had leased.
  const started = Date.now();
  let secondsUntilAllDelivered: number | null = null;
  while (Date.now() - started < options.deliveryWaitSeconds * 1000) {
    const open = await db.prisma.webhookDelivery.count({ where: { status: { not: 'succeeded' } } });
    if (open === 0) {
      secondsUntilAllDelivered = (Date.now() - started) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await server.stop();
  const where = { questionnaireId: seeded.questionnaireId };
  const participantsStored = await db.prisma.participant.count({ where });
  const participantsWithoutAttempt = await db.prisma.participant.count({
    where: { ...where, attempts: { none: {} } },
  });
  const acceptedResultsStored = await db.prisma.result.count({
    where: { participantId: { in: [...acceptedResults] } },
  });
  const deliveries = await db.prisma.webhookDelivery.findMany({
    select: { messageId: true, participantId: true },
  });
  const receivedForAccepted = deliveries.filter(
    (d) => d.participantId && acceptedResults.has(d.participantId) && receiver.received.has(d.messageId),
  );
  await db.close();
  await receiver.close();
  const figures: ServerKillFigures = {
    operations: options.operations,
    participantsAccepted: acceptedParticipants.size,
    resultsAccepted: acceptedResults.size,
    refusedWhileDown,
    participantsStored,
    participantsWithoutAttempt,
    acceptedResultsStored,
    deliveriesQueued: deliveries.length,
    deliveriesReceived: [...receiver.received.keys()].length,
    secondsUntilAllDelivered,
    ok: false,
  };
  figures.ok =
    participantsWithoutAttempt === 0 &&
    participantsStored >= acceptedParticipants.size &&
    acceptedResultsStored === acceptedResults.size &&
    receivedForAccepted.length >= acceptedResults.size &&
    secondsUntilAllDelivered !== null;
  return figures;
}
