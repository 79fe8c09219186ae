// The tRPC context of a REST request: the Admin door's context without a session, plus what the fetch
// wrapper learnt about the request before tRPC saw it.
import type { TrpcContext } from '@/server/platform/trpc';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { clientAddress } from '@/server/platform/lib/client-address';
import type { verifyApiKeyCached } from '@/server/api-keys/api-keys';
import type { IdempotencyRef } from '@/server/api-keys/idempotency';
import type { AuditActor } from '@/server/audit/audit-log';

/** A live key with its questionnaire's tenant (null when the questionnaire has just been deleted). */
export type VerifiedApiKey = NonNullable<Awaited<ReturnType<typeof verifyApiKeyCached>>>;

export interface RestRequestFacts {
  /** False when the body parsed as JSON but is not an object (an array, a string, a number, null). */
  bodyIsObject: boolean;
  /**
   * The key the Authorization header names, looked up by the wrapper (null: none or not a live key);
   * undefined when the wrapper did not look (the procedure then does).
   */
  apiKey?: VerifiedApiKey | null;
  /** The requests per minute the door's rate limit allowed the key's bucket (undefined: it did not look). */
  rateLimitPerMinute?: number;
  /** The Idempotency-Key this request holds: a write stores its answer under it in its own transaction. */
  idempotency?: IdempotencyRef | null;
}

export type RestContext = TrpcContext & { rest: RestRequestFacts };

/** The key acting on a REST request, as the services' audit entries name it. */
export const apiKeyActor = (ctx: { apiKey: { id: string }; sourceIp: string | null }): AuditActor => ({
  type: 'api_key',
  id: ctx.apiKey.id,
  sourceIp: ctx.sourceIp,
});

export function createRestContext(
  db: PrismaClient,
  headers: TrpcContext['headers'],
  rest: RestRequestFacts,
): RestContext {
  return {
    db,
    session: null,
    authorization: headers.get('authorization'),
    sourceIp: clientAddress(headers),
    headers,
    rest,
  };
}
