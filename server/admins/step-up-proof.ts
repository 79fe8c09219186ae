// The proof that a step-up check (step-up.ts) passed, which the security changes of an Admin's account take
// instead of a password or code. Only issueStepUpProof makes one (a WeakSet remembers them), so no change can
// be called without the check, and a proof names the one Admin it was made for.
import { AppError } from '@/server/platform/lib/errors';

export interface StepUpProof {
  readonly adminId: string;
  /** Whether a current code was checked too (two-factor sign-in on, and a code given). */
  readonly secondFactor: boolean;
}

const issued = new WeakSet<StepUpProof>();

export function issueStepUpProof(adminId: string, secondFactor: boolean): StepUpProof {
  const proof: StepUpProof = Object.freeze({ adminId, secondFactor });
  issued.add(proof);
  return proof;
}

/** Refuses a change made without a proof for this Admin (and a code, when `needsCode`). */
export function assertStepUp(proof: StepUpProof, adminId: string, needsCode = false): void {
  if (!issued.has(proof) || proof.adminId !== adminId || (needsCode && !proof.secondFactor)) {
    throw new AppError('FORBIDDEN', 'Confirm with your password first');
  }
}
