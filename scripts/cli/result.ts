import fs from 'node:fs/promises';
import type { Command } from 'commander';
import { AppError } from '@/server/platform/lib/errors';
import { publishResult } from '@/server/results/results';
import { resultDataSchema } from '@/server/webhooks/payload';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

/** The result in the file (`-` reads standard input), as the ingestion endpoint takes it. */
async function readResultFile(file: string, participantId: string) {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', `${file} is not valid JSON`);
  }
  const parsed = resultDataSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', `${file}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const named = (value as { participant_uuid?: unknown }).participant_uuid;
  if (typeof named === 'string' && named.toLowerCase() !== participantId) {
    throw new AppError(
      'BAD_REQUEST',
      `${file} names participant ${named}, not --participant ${participantId}`,
    );
  }
  return parsed.data;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function registerResultCommands(program: Command): void {
  databaseCommand<{ participant: string; file: string }>(
    program
      .command('result:publish')
      .description(
        "publish or update the result of a participant's latest attempt; webhook deliveries are queued with it",
      )
      .requiredOption('--participant <ID>', 'the participant (participant_uuid)', uuidArgument)
      .requiredOption(
        '--file <result.json>',
        'the result: status, overall_evaluation, questions_risk_rating, is_admission, … (- for stdin)',
      ),
    async (db, options) => {
      const result = await readResultFile(options.file, options.participant);
      const published = await publishResult(db, {
        participantId: options.participant,
        result,
        source: 'cli',
        actor: cliActor(),
      });
      const json = {
        id: published.resultId,
        participant_uuid: options.participant,
        created: published.created,
        deliveries_queued: published.deliveryIds.length,
      };
      const text = `${published.created ? 'Published' : 'Updated'} result ${published.resultId}; ${published.deliveryIds.length} webhook deliver${published.deliveryIds.length === 1 ? 'y' : 'ies'} queued`;
      return { json, text };
    },
  );
}
