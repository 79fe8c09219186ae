// 10,000 participant creations at concurrency 50, with IRNs drawn at random from a smaller pool so that
// many collide: every accepted participant must be stored exactly once, every duplicate refused with the
// spec's message, and nothing may answer 5xx.
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import { createDatabase } from '@/server/platform/db/client';
import { seedQuestionnaire } from '../bench/fixtures';
import { startBenchServer } from '../bench/server';

export interface DuplicatesFigures {
  requests: number;
  distinctIrns: number;
  accepted: number;
  refusedAsDuplicate: number;
  other4xx: number;
  status5xx: number;
  storedParticipants: number;
  participantsStoredTwice: number;
  participantsWithoutAttempt: number;
  requestsPerSecond: number;
  ok: boolean;
}

export async function runDuplicates(options: {
  databaseUrl: string;
  distDir: string;
  port: number;
  requests: number;
  connections: number;
}): Promise<DuplicatesFigures> {
  const seeded = await seedQuestionnaire(options.databaseUrl);
  const pool = Math.round(options.requests * 0.8);
  const requested = new Set<string>();
  const statusCounts = { accepted: 0, duplicate: 0, other4xx: 0, status5xx: 0 };
  const server = await startBenchServer({
    port: options.port,
    distDir: options.distDir,
    env: { DATABASE_URL: options.databaseUrl, WEBHOOK_SCHEDULER: 'false' },
  });
  let result: autocannon.Result;
  try {
    result = await autocannon({
      url: `${server.baseUrl}/questionnaire/v1/participant`,
      connections: options.connections,
      amount: options.requests,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: seeded.apiKey },
          setupRequest: (request, context: { irn?: string }) => {
            const irn = `LOAD-${randomInt(pool)}`;
            context.irn = irn;
            requested.add(irn);
            return {
              ...request,
              body: JSON.stringify({ project_uuid: seeded.questionnaireId, interview_ref_num: irn }),
            };
          },
          onResponse: (status, body, context: { irn?: string }) => {
            if (status === 200) statusCounts.accepted++;
            else if (status >= 500) statusCounts.status5xx++;
            else if (
              status === 400 &&
              (JSON.parse(body) as { message?: string }).message ===
                `Error: Duplicate IRN. IRN number ${context.irn} has already been assigned to another participant.`
            )
              statusCounts.duplicate++;
            else statusCounts.other4xx++;
          },
        },
      ],
    });
  } finally {
    await server.stop();
  }

  const database = createDatabase(options.databaseUrl, 2);
  try {
    const where = { questionnaireId: seeded.questionnaireId };
    const stored = await database.prisma.participant.count({ where });
    const twice = await database.prisma.participant.groupBy({
      by: ['irn'],
      where,
      having: { irn: { _count: { gt: 1 } } },
    });
    const withoutAttempt = await database.prisma.participant.count({
      where: { ...where, attempts: { none: {} } },
    });
    const figures: DuplicatesFigures = {
      requests: result.requests.total,
      distinctIrns: requested.size,
      accepted: statusCounts.accepted,
      refusedAsDuplicate: statusCounts.duplicate,
      other4xx: statusCounts.other4xx,
      status5xx: statusCounts.status5xx + result.errors + result.timeouts,
      storedParticipants: stored,
      participantsStoredTwice: twice.length,
      participantsWithoutAttempt: withoutAttempt,
      requestsPerSecond: Math.round(result.requests.average),
      ok: false,
    };
    figures.ok =
      figures.status5xx === 0 &&
      figures.other4xx === 0 &&
      figures.accepted === requested.size &&
      stored === requested.size &&
      figures.accepted + figures.refusedAsDuplicate === options.requests &&
      twice.length === 0 &&
      withoutAttempt === 0;
    return figures;
  } finally {
    await database.close();
  }
}
