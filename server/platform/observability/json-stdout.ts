// `npm start` writes only JSON lines to stdout, so a log shipper can parse every one. Our
// own lines come from the pino logger; Next.js prints a few plain-text lines of its own (for example
// "✓ Running next.config.js took 119ms") with no option to silence them in a custom server. This wraps
// process.stdout so that any line that is not already a JSON object becomes one, in the logger's shape, with
// its text as `msg` and `source: "next"`. stderr is left alone: it carries plain-text start-up failures and the
// first Admin's one-time password (see scripts/start.ts). The logger's own lines are JSON already: they go
// straight to stdout, past the wrapper (which would parse each one again, on every request).
import { redirectLogs } from './logger';

type Write = typeof process.stdout.write;

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

/** One stdout line as a JSON log line: JSON objects pass unchanged, other text is wrapped, blank lines vanish. */
function asJsonLine(line: string, now: Date = new Date()): string | null {
  const text = line.replace(ANSI_COLOUR, '').trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      JSON.parse(text);
      return text;
    } catch {
      // Not JSON after all: wrapped below.
    }
  }
  return JSON.stringify({ level: 'info', time: now.toISOString(), source: 'next', msg: text });
}

/** From now on, every complete line written to process.stdout is a JSON object. */
export function keepStdoutJson(): void {
  const write: Write = process.stdout.write.bind(process.stdout);
  let pending = '';
  process.stdout.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    const out = lines.flatMap((line) => asJsonLine(line) ?? []);
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    if (!out.length) {
      callback?.();
      return true;
    }
    return write(`${out.join('\n')}\n`, callback);
  };
  redirectLogs((line) => write(line));
}
