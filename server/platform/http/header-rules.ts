// The security headers as the fast REST door of `npm start` adds them: the `headers()` rules of next.config.js
// (server/platform/http/security-headers.js), evaluated per request as Next.js evaluates them, plus the headers decided
// at run time. Only the rule shapes evaluated here are allowed: a rule of any other shape stops the server at
// start instead of being skipped (the fast door's answers would silently lack its headers).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextConfig } from 'next';
import { runTimeSecurityHeaders, type HeaderRule } from './security-headers.js';

/** The headers of a response to a request with these headers, in the order they are set. */
export type SecurityHeaders = (req: { headers: IncomingHttpHeaders }) => [string, string][];

/** The path pattern of every rule: the fast door answers many paths and applies only rules that match them all. */
const EVERY_PATH = '/:path*';

export class UnsupportedHeaderRuleError extends Error {}

/** Throws for a rule the fast door cannot evaluate the way Next.js does. */
function assertEvaluable(rules: HeaderRule[]): void {
  for (const rule of rules) {
    const problem =
      rule.source !== EVERY_PATH
        ? `source ${JSON.stringify(rule.source)} (only ${EVERY_PATH})`
        : rule.missing?.length
          ? '"missing" conditions'
          : rule.basePath !== undefined || rule.locale !== undefined
            ? 'basePath or locale'
            : rule.has?.find((condition) => condition.type !== 'header')
              ? `a "has" condition of type ${JSON.stringify(rule.has.find((c) => c.type !== 'header')!.type)} (only header)`
              : null;
    if (problem)
      throw new UnsupportedHeaderRuleError(
        `next.config.js headers(): the fast REST door cannot apply a rule with ${problem}; ` +
          `add the rule's evaluation to server/platform/http/header-rules.ts or change the rule`,
      );
  }
}

/**
 * A `has` header condition as Next.js matches it: present (non-empty), its value the whole of the regex.
 * Compiled once at start: the fast door runs it on every REST request.
 */
function headerCondition(condition: {
  key: string;
  value?: string;
}): (headers: IncomingHttpHeaders) => boolean {
  const name = condition.key.toLowerCase();
  const pattern = condition.value === undefined ? null : new RegExp(`^${condition.value}$`);
  return (headers) => {
    const sent = headers[name];
    const value = Array.isArray(sent) ? sent[sent.length - 1] : sent;
    if (!value) return false;
    return pattern === null || pattern.test(value);
  };
}

/** The security headers for each request: the rules (checked here) and what PUBLIC_BASE_URL decides at run time. */
export function createSecurityHeaders(rules: HeaderRule[], publicBaseUrl: string): SecurityHeaders {
  assertEvaluable(rules);
  const runTime = runTimeSecurityHeaders(publicBaseUrl).map(({ key, value }): [string, string] => [
    key,
    value,
  ]);
  const compiled = rules.map((rule) => ({
    headers: rule.headers,
    has: (rule.has ?? []).map(headerCondition),
  }));
  return (req) => {
    const headers = new Map<string, [string, string]>();
    const set = (key: string, value: string) => headers.set(key.toLowerCase(), [key, value]);
    for (const rule of compiled)
      if (rule.has.every((matches) => matches(req.headers)))
        for (const { key, value } of rule.headers) set(key, value);
    for (const [key, value] of runTime) set(key, value);
    return [...headers.values()];
  };
}

/**
 * next.config.js at the application's root: the nearest folder above this module that holds one. This module
 * runs from the sources (server/platform/http/) and bundled into the image's dist/server/, at other depths.
 */
function nextConfigUrl(): string {
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'next.config.js');
    if (existsSync(candidate)) return pathToFileURL(candidate).href;
    if (path.dirname(folder) === folder) throw new Error('next.config.js not found above ' + import.meta.url);
  }
}

/** The `headers()` rules of next.config.js itself (so that both doors read one list), checked. */
export async function loadSecurityHeaders(publicBaseUrl: string): Promise<SecurityHeaders> {
  const config = ((await import(nextConfigUrl())) as { default: NextConfig }).default;
  return createSecurityHeaders(((await config.headers?.()) ?? []) as HeaderRule[], publicBaseUrl);
}
