// The banner across the Admin app when an Admin with two-factor sign-in is about to run out of recovery codes:
// once the last one is used, losing the phone means asking an operator for help.
import Link from 'next/link';

/** At or below this many unused recovery codes the banner shows. */
export const LOW_RECOVERY_CODES = 2;

export function RecoveryCodesWarning({ left }: { left: number }) {
  return (
    <div
      role="region"
      aria-label="Recovery codes running low"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      {left === 0
        ? 'You have no recovery codes left.'
        : `Only ${left} recovery code${left === 1 ? '' : 's'} left.`}{' '}
      <Link href="/admin/account" className="font-medium underline">
        Make new ones on your Account page
      </Link>{' '}
      before you lose access to your authenticator app.
    </div>
  );
}
