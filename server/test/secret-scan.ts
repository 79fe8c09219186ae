// Finds secrets and personal data in log lines (server/test/log-leak-guard.ts): the exact values the tests
// used, and anything shaped like one.
/** Field names whose string values are credentials or personal data, wherever they sit in a body. */
const SECRET_FIELD = /email|phone|password|secret|token|api_?key|authorization|header_?value|client_?secret/i;

const SHAPES: { kind: string; pattern: RegExp }[] = [
  { kind: 'API key', pattern: /pais_live_[A-Za-z0-9_-]{8,}/ },
  { kind: 'webhook secret', pattern: /whsec_[A-Za-z0-9+/=]{8,}/ },
  { kind: 'bearer token', pattern: /Bearer\s+[^\s"]{8,}/i },
  { kind: 'e-mail address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/ },
  { kind: 'phone number', pattern: /\+\d[\d ().-]{6,}\d/ },
];

const used = new Set<string>();

/** Values shorter than this are not searched for: they would match unrelated text (ids, words). */
const MIN_SECRET_LENGTH = 6;

function rememberSecret(value: string): void {
  if (value.length >= MIN_SECRET_LENGTH) used.add(value);
}

export function secretsUsed(): ReadonlySet<string> {
  return used;
}

/** Records the Authorization value (and its token) and the secret fields of a JSON body. */
export function rememberSecretsOfRequest(headers: Headers, body: unknown): void {
  const authorization = headers.get('authorization');
  if (authorization) {
    rememberSecret(authorization);
    rememberSecret(
      authorization
        .trim()
        .replace(/^bearer\s+/i, '')
        .trim(),
    );
  }
  if (typeof body !== 'string') return;
  try {
    rememberSecretFields(JSON.parse(body));
  } catch {
    // Not JSON: the shapes still apply.
  }
}

function rememberSecretFields(value: unknown, field = ''): void {
  if (typeof value === 'string') {
    if (SECRET_FIELD.test(field)) rememberSecret(value);
  } else if (Array.isArray(value)) {
    for (const item of value) rememberSecretFields(item, field);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) rememberSecretFields(item, key);
  }
}

export interface Leak {
  kind: string;
  line: string;
}

export function findLeaks(lines: readonly string[], secrets: ReadonlySet<string>): Leak[] {
  const leaks: Leak[] = [];
  for (const line of lines) {
    for (const secret of secrets) {
      if (line.includes(secret)) leaks.push({ kind: 'a secret the tests sent', line: mask(line, secret) });
    }
    for (const { kind, pattern } of SHAPES) {
      const match = pattern.exec(line);
      if (match) leaks.push({ kind, line: mask(line, match[0]) });
    }
  }
  return leaks;
}

/** The line with the secret's middle hidden, so the failure report does not spread it further. */
function mask(line: string, secret: string): string {
  const shown = `${secret.slice(0, 3)}…${secret.slice(-2)}`;
  return line.trim().split(secret).join(shown);
}
