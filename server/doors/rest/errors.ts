// The spec's two error bodies, and how any failure inside the REST door becomes one of them. Nothing else in
// the REST door builds an error body.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { AppError, INTERNAL_ERROR_MESSAGE } from '@/server/platform/lib/errors';
import { errorTimestamp } from '@/server/platform/lib/time';
import { errorNameOf, VALIDATION_ORDER } from '../../rest-contract/error-catalogue';
import { JSON_BODY_MESSAGES } from '@/server/platform/lib/json-body';
import { answerToResponse, jsonAnswer, type RestAnswer } from './exchange';
import type { ErrorStyle } from './routes';
import { databaseUnavailableError, isDatabaseUnavailable } from '@/server/platform/lib/database-errors';
import {
  DEADLINE_EXCEEDED_MESSAGE,
  DEADLINE_RETRY_AFTER_SECONDS,
  isDeadlineExceeded,
} from '@/server/platform/db/request-deadline';

/** A request past its deadline (REQUEST_DEADLINE_MS) or its statement timeout: rolled back, 503 to retry. */
const deadlineExceededError = () =>
  new AppError('SERVICE_UNAVAILABLE', DEADLINE_EXCEEDED_MESSAGE, {
    retryAfterSeconds: DEADLINE_RETRY_AFTER_SECONDS,
  });

export interface RestFailure {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

function errorBody(style: ErrorStyle, status: number, message: string, now = new Date()) {
  if (style === 'apikey') return { error: message };
  return {
    error: errorNameOf(status),
    status,
    message,
    timestamp: errorTimestamp(now),
  };
}

export function errorAnswer(style: ErrorStyle, failure: RestFailure): RestAnswer {
  return jsonAnswer(failure.status, JSON.stringify(errorBody(style, failure.status, failure.message)), {
    'Cache-Control': 'no-store',
    ...failure.headers,
  });
}

export const errorResponse = (style: ErrorStyle, failure: RestFailure): Response =>
  answerToResponse(errorAnswer(style, failure));

interface Issue {
  message: string;
}

/** The issue to report: the earliest in the spec's table order, else the first in field order. */
function firstIssue(issues: readonly Issue[]): Issue | undefined {
  const rank = (issue: Issue) => {
    const index = VALIDATION_ORDER.indexOf(issue.message);
    return index === -1 ? VALIDATION_ORDER.length : index;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b))[0];
}

const issuesOf = (cause: unknown): Issue[] | null => {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) && issues.length ? (issues as Issue[]) : null;
};

/** Turns what a procedure threw into a status and a message; unexpected failures never show their details. */
export function describeFailure(error: unknown): RestFailure {
  if (error instanceof TRPCError && error.cause instanceof AppError) return fromAppError(error.cause);
  if (error instanceof AppError) return fromAppError(error);
  if (error instanceof TRPCError) {
    if (error.code === 'PARSE_ERROR') return { status: 400, message: JSON_BODY_MESSAGES.invalid };
    const issues = error.code === 'BAD_REQUEST' ? issuesOf(error.cause) : null;
    if (issues) return { status: 400, message: firstIssue(issues)?.message ?? 'Invalid request' };
    const status = getHTTPStatusCodeFromError(error);
    if (status < 500) return { status, message: error.message };
  }
  if (isDeadlineExceeded(error)) return fromAppError(deadlineExceededError());
  if (isDatabaseUnavailable(error)) return fromAppError(databaseUnavailableError());
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}

function fromAppError(error: AppError): RestFailure {
  const retryAfter = error.details.retryAfterSeconds;
  return {
    status: error.httpStatus,
    message: error.message,
    headers: typeof retryAfter === 'number' ? { 'Retry-After': String(Math.ceil(retryAfter)) } : undefined,
  };
}
