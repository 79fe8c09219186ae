// A REST request through its tRPC procedure, and the procedure's result as the spec's answer: 201 or 204 where
// the spec says so, and every failure rebuilt from the TRPCError into the endpoint's error body.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { logUnexpected } from '@/server/platform/lib/log-unexpected';
import type { IdempotencyRef } from '@/server/api-keys/idempotency';
import { createRestContext, type RestRequestFacts } from '../../api-keys/rest-context';
import { describeFailure, errorAnswer } from './errors';
import { jsonAnswer, type RestAnswer, type RestRequest } from './exchange';
import type { ProcedureCaller } from './procedure-caller';
import type { RestBody } from './request-body';
import type { RestRoute } from './routes';

export interface ProcedureRequest {
  req: RestRequest;
  /** The path below REST_BASE_PATH and the query. */
  target: { path: string; query: string };
  method: string;
  route: RestRoute;
  body: Exclude<RestBody, { kind: 'failure' }>;
  apiKey: RestRequestFacts['apiKey'];
  rateLimitPerMinute?: number;
  idempotency: IdempotencyRef | null;
}

/** The request through its procedure (called by `callProcedure`), the answer rebuilt in the spec's shape. */
export async function answerByProcedure(
  callProcedure: ProcedureCaller,
  db: PrismaClient,
  { req, target, method, route, body, apiKey, rateLimitPerMinute, idempotency }: ProcedureRequest,
): Promise<RestAnswer> {
  const facts: RestRequestFacts = {
    bodyIsObject:
      body.kind === 'none' ||
      (typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)),
    apiKey,
    rateLimitPerMinute,
    idempotency,
  };
  const result = await callProcedure({
    method,
    ...target,
    body: body.kind === 'json' ? { value: body.value } : undefined,
    context: createRestContext(db, req.headers, facts),
    route,
  });
  const captured = result.error;

  if (result.status < 400 && !captured) {
    if (route.successStatus === 204)
      return { status: 204, headers: { 'Cache-Control': 'no-store' }, body: null };
    return jsonAnswer(route.successStatus, result.body, { 'Cache-Control': 'no-store' });
  }
  const failure = describeFailure(captured);
  if (failure.status >= 500 && !(captured?.cause instanceof AppError)) logUnexpected(route.path, captured);
  return errorAnswer(route.style, failure);
}
