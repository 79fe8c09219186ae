// What the `pais` commands share: where the service is and which key to use (options or environment), the
// service's answers to a call that failed, waits that a stop interrupts, and printing.

/** Printing, as the commands do it (the tests read these lines). */
export interface Output {
  line: (text: string) => void;
  problem: (text: string) => void;
}

export const consoleOutput: Output = {
  line: (text) => console.log(text),
  problem: (text) => console.error(text),
};

/** The REST base URL from the service's address, with or without its /questionnaire path. */
export function restBaseUrl(address: string): string {
  const trimmed = address.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/questionnaire') ? trimmed : `${trimmed}/questionnaire`;
}

/** A failed call's reason in words: the service's message, or what kept the request from arriving. */
export function failureOf(answer: { error?: unknown; response?: Response }): string {
  const body = answer.error as { message?: unknown; error?: unknown } | undefined;
  const message =
    typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : '';
  return answer.response ? `${answer.response.status} ${message}`.trim() : message;
}

/** What kept a request from being answered (refused, timed out, a name that does not resolve), briefly. */
export function networkFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | null)?.cause;
  if (typeof cause?.message === 'string' && cause.message) return cause.message;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Waits `ms`, or less once `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Seconds a 429 or 503 asks to wait (Retry-After), or undefined. */
export function retryAfterMs(response: Response | undefined): number | undefined {
  const seconds = Number(response?.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** An answer worth asking again for: the service busy or briefly away, or a gateway in front of it. */
export const isTransient = (status: number) => status === 429 || status >= 500;
