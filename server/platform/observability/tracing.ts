// OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, off otherwise. Spans: each HTTP request in (child of an incoming
// W3C `traceparent`), each PostgreSQL statement, each webhook send (whose `traceparent` goes out with the
// webhook). The active span of a request lives in its request context (request-context.ts), so no context
// manager is needed. Off, every entry point returns at its first line: no span, no clock read.
import {
  context as otelContext,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Link,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { env } from '@/server/platform/env';
import { processSingleton } from '@/server/platform/process-registry';
import { currentRequestContext } from './request-context';

export interface TracingOptions {
  /** Where spans are POSTed (…/v1/traces). */
  tracesUrl: string;
  serviceName: string;
}

export interface Tracing {
  tracer: Tracer;
  provider: TracerProvider;
}

// One exporter per process, whichever module copy starts it.
const current = processSingleton('tracing', () => ({ value: undefined }));

/** The tracing options from the environment, or null when no OTLP endpoint is configured (the default). */
function optionsFromEnv(): TracingOptions | null {
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` : undefined);
  return tracesUrl ? { tracesUrl, serviceName: env.OTEL_SERVICE_NAME } : null;
}

/** Starts exporting spans with `options` (tests); the server starts from the environment on first use. */
export function startTracing(options: TracingOptions): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: options.tracesUrl }),
        scheduledDelayMillis: 1_000,
      }),
    ],
  });
  const tracing = { provider, tracer: provider.getTracer('pais') };
  current.value = tracing;
  return tracing;
}

/** Sends the spans not yet exported and stops tracing (tests; a server stopping loses at most a second). */
export async function stopTracing(): Promise<void> {
  const tracing = current.value;
  current.value = null;
  await tracing?.provider.shutdown();
}

function tracer(): Tracer | null {
  if (current.value === undefined) {
    const options = optionsFromEnv();
    current.value = options ? startTracing(options) : null;
  }
  return current.value?.tracer ?? null;
}

/** Whether spans are being recorded (callers skip building span attributes otherwise). */
export function tracingEnabled(): boolean {
  return tracer() !== null;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The remote parent of an incoming request's `traceparent` header (W3C Trace Context), if well formed. */
function parentOf(traceparent: string | null): Parameters<typeof trace.setSpanContext>[1] | null {
  const match = TRACEPARENT.exec(traceparent?.trim().toLowerCase() ?? '');
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16) & 1, isRemote: true };
}

/** A span under the current request's span, else a new trace; linked to the spans `links` name. */
function startSpan(name: string, kind: SpanKind, attributes: Attributes, links: Link[] = []): Span | null {
  const active = tracer();
  if (!active) return null;
  const parentSpan = currentRequestContext()?.span;
  const ctx = parentSpan ? trace.setSpan(otelContext.active(), parentSpan) : otelContext.active();
  return active.startSpan(name, { kind, attributes, links }, ctx);
}

/**
 * The traceparent of the current request's span, stored with what it queues (a webhook delivery) so that the
 * later work, in another trace, links back to it; null when tracing is off or outside a request.
 */
export function currentTraceparent(): string | null {
  if (!tracer()) return null;
  return traceparentHeader(currentRequestContext()?.span ?? null).traceparent ?? null;
}

/**
 * The span of one incoming HTTP request, child of its `traceparent` when it has one (read only when tracing
 * is on); null when tracing is off. The caller ends it with endHttpSpan.
 */
export function startHttpSpan(method: string, traceparent: () => string | null): Span | null {
  const active = tracer();
  if (!active) return null;
  const remote = parentOf(traceparent());
  const ctx = remote ? trace.setSpanContext(otelContext.active(), remote) : otelContext.active();
  return active.startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    ctx,
  );
}

export function endHttpSpan(
  span: Span | null,
  method: string,
  route: string,
  status: number,
  path?: string,
): void {
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttributes({
    'http.route': route,
    'http.response.status_code': status,
    ...(path ? { 'url.path': path } : {}),
  });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** A span for one database statement (its text, never its values); null when tracing is off. */
export function startDatabaseSpan(statement: string): Span | null {
  if (!tracer()) return null;
  const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
  return startSpan(operation, SpanKind.CLIENT, {
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    'db.query.text': statement.slice(0, 2_000),
  });
}

/**
 * A span for one webhook send (the dispatcher calls it around each HTTP attempt); null when tracing is off.
 * Its traceparentHeader goes out with the webhook, so the receiver's trace continues ours. It is linked to the
 * span that published the delivery (`publishedBy`, its stored traceparent): the send runs later, in the
 * dispatcher's own trace, and the link leads from it to the request that caused it.
 */
export function startWebhookSendSpan(
  url: string,
  deliveryId: string,
  publishedBy: string | null = null,
): Span | null {
  if (!tracer()) return null;
  const target = new URL(url);
  const publisher = parentOf(publishedBy);
  return startSpan(
    'POST webhook',
    SpanKind.CLIENT,
    {
      'http.request.method': 'POST',
      'server.address': target.hostname,
      'url.path': target.pathname,
      'pais.webhook.delivery_id': deliveryId,
    },
    publisher ? [{ context: publisher }] : [],
  );
}

/** Ends a span started here, with the HTTP status it got (or the error that cut it off). */
export function endSpan(span: Span | null, outcome: { status?: number; error?: unknown } = {}): void {
  if (!span) return;
  if (outcome.status !== undefined) span.setAttribute('http.response.status_code', outcome.status);
  if (outcome.error !== undefined || (outcome.status ?? 0) >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (outcome.error as Error | undefined)?.message });
  }
  span.end();
}

/** The W3C `traceparent` header value that makes `span` the parent of the receiver's work. */
function traceparentHeader(span: Span | null): { traceparent?: string } {
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { traceparent: `00-${traceId}-${spanId}-${(traceFlags & 1 ? 1 : 0).toString(16).padStart(2, '0')}` };
}

/**
 * Runs one webhook send in its span, with the span's `traceparent` added to the headers it sends; a no-op
 * wrapper when tracing is off. For the dispatcher: `result = await withWebhookSendSpan(url, deliveryId,
 * headers, (traced) => postOutbound({ url, headers: traced, body, timeoutMs }, settings))`.
 */
export async function withWebhookSendSpan<T extends { statusCode: number | null; error: string | null }>(
  url: string,
  delivery: { id: string; publishTraceparent: string | null },
  headers: Record<string, string>,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const span = startWebhookSendSpan(url, delivery.id, delivery.publishTraceparent);
  if (!span) return send(headers);
  try {
    const result = await send({ ...headers, ...traceparentHeader(span) });
    endSpan(span, { status: result.statusCode ?? undefined, error: result.error ?? undefined });
    return result;
  } catch (error) {
    endSpan(span, { error });
    throw error;
  }
}
