// The tRPC context of a REST request: the Admin door's context without a session, plus what the fetch
// wrapper learnt about the body before tRPC saw it.
import type { TrpcContext } from '@/server/api/trpc';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';

export interface RestRequestFacts {
  /** False when the body parsed as JSON but is not an object (an array, a string, a number, null). */
  bodyIsObject: boolean;
}

export type RestContext = TrpcContext & { rest: RestRequestFacts };

/** The client's address: the first X-Forwarded-For hop when behind a proxy. */
function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || null;
}

export function createRestContext(db: PrismaClient, req: Request, rest: RestRequestFacts): RestContext {
  return {
    db,
    session: null,
    authorization: req.headers.get('authorization'),
    sourceIp: clientAddress(req.headers),
    headers: req.headers,
    rest,
  };
}
