// An OTLP/HTTP traces receiver on 127.0.0.1 for the tracing tests: it keeps every span of every JSON export
// it is sent (the exporter of server/platform/observability/tracing.ts posts JSON).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** Spans of other traces this one is linked to. */
  links?: { traceId: string; spanId: string }[];
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

export interface OtlpReceiver {
  /** The traces URL to export to (…/v1/traces). */
  url: string;
  spans: ExportedSpan[];
  /** Every export body received, as sent. */
  bodies: string[];
  close: () => Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ExportedSpan[] = [];
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      const body = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A span attribute's value: its string, or its integer as a number. */
export const spanAttribute = (span: ExportedSpan | undefined, key: string): string | number | undefined => {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};
