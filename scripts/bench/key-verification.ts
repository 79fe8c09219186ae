// What authenticating one request's API key costs, with the short-lived verification cache and without it.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import {
  findLiveApiKeyWithTenant,
  verifyApiKeyCached,
  forgetVerifiedApiKeys,
} from '@/server/api-keys/api-keys';

export interface KeyVerificationFigures {
  uncachedMicroseconds: number;
  cachedMicroseconds: number;
}

async function microsecondsPerCall(runs: number, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < runs; i++) await work();
  return Math.round(((performance.now() - started) * 1000) / runs);
}

export async function measureKeyVerification(
  db: PrismaClient,
  apiKey: string,
  runs = 2_000,
): Promise<KeyVerificationFigures> {
  await findLiveApiKeyWithTenant(db, apiKey);
  const uncachedMicroseconds = await microsecondsPerCall(runs, () => findLiveApiKeyWithTenant(db, apiKey));
  forgetVerifiedApiKeys();
  await verifyApiKeyCached(db, apiKey);
  const cachedMicroseconds = await microsecondsPerCall(runs, () => verifyApiKeyCached(db, apiKey));
  return { uncachedMicroseconds, cachedMicroseconds };
}
