// Types of security-headers.js (plain JavaScript, imported by next.config.js).

export interface HeaderEntry {
  key: string;
  value: string;
}

/** A `headers()` rule of next.config.js. */
export interface HeaderRule {
  source: string;
  headers: HeaderEntry[];
  has?: { type: string; key: string; value?: string }[];
  missing?: { type: string; key: string; value?: string }[];
  basePath?: false;
  locale?: false;
}

export const SECURITY_HEADERS: HeaderEntry[];
export const HSTS: HeaderEntry;
export function securityHeaderRules(): HeaderRule[];
export function runTimeSecurityHeaders(publicBaseUrl: string): HeaderEntry[];
