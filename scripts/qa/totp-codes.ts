// Authenticator-app codes for the QA operator's sign-ins, from the base32 secret the QA engineer gives
// (E2E_ADMIN_TOTP_SECRET). The service accepts a code of the current 30 s step or a neighbouring one, and never
// a code of a step it has already accepted for that Admin, while one run signs the operator in several times:
// the suite's global set-up, the sign-in form's own tests, the clean-up command. So each step is handed out once:
// the last one is kept in a file under a lock (test workers are separate processes), and a sign-in whose step
// is taken waits for the next one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import lockfile from 'proper-lockfile';

const PERIOD_SECONDS = 30;

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** Per secret (by its hash: the secret itself is never written), shared by every run on this machine. */
function stateFile(secret: string): string {
  const id = createHash('sha256').update(secret).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `pais-qa-totp-${id}.json`);
}

function lastStep(file: string): number {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { step: number }).step;
  } catch {
    return -1;
  }
}

/**
 * A code for a step no earlier sign-in of this machine used: the current step's, or, when that one is taken,
 * the next step's once that step has begun. Never a step ahead of the clock: the service takes one step of
 * drift, but a deployment whose clock is a few seconds behind ours would see it two steps ahead and refuse it.
 * `onWait` hears how long the wait is (up to 30 s), so a test can lengthen its timeout first.
 */
export async function claimTotpCode(secret: string, onWait?: (ms: number) => void): Promise<string> {
  const file = stateFile(secret);
  const release = await lockfile.lock(file, {
    realpath: false,
    // Another worker may hold it while it waits for its own step: up to a period.
    retries: { retries: 80, minTimeout: 250, maxTimeout: 1_000 },
    stale: 3 * PERIOD_SECONDS * 1000,
  });
  try {
    const step = Math.max(currentStep(), lastStep(file) + 1);
    // A second into the step, so that a clock slightly ahead of ours has reached it too.
    const waitMs = step * PERIOD_SECONDS * 1000 + 1_000 - Date.now();
    if (step > currentStep() && waitMs > 0) {
      onWait?.(waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    fs.writeFileSync(file, JSON.stringify({ step }));
    return await generate({ secret, epoch: step * PERIOD_SECONDS });
  } finally {
    await release();
  }
}
