import Link from 'next/link';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { RegionBadge } from '@/components/ui/region-badge';
import { NavLink } from '@/components/layout/nav-link';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { AdminProviders } from '@/components/providers/trpc-provider';
import { requireAdmin } from '@/server/admins/session';
import { env } from '@/server/platform/env';
import { getPrisma } from '@/server/platform/db';
import { twoFactorStatus } from '@/server/admins/two-factor';
import { LOW_RECOVERY_CODES, RecoveryCodesWarning } from '@/components/admins/recovery-codes-warning';

export const dynamic = 'force-dynamic';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdmin();
  const recoveryCodesLeft = admin.twoFactorEnabled
    ? (await twoFactorStatus(getPrisma(), admin.id)).recoveryCodesLeft
    : null;
  const links = (
    <>
      <NavLink href="/admin" exact>
        Questionnaires
      </NavLink>
      {admin.isOperator && <NavLink href="/admin/tenants">Tenants</NavLink>}
      {admin.isOperator && <NavLink href="/admin/admins">Admins</NavLink>}
      {admin.isOperator && <NavLink href="/admin/audit">Audit log</NavLink>}
      <NavLink href="/admin/account">Account</NavLink>
    </>
  );
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow ring-1 ring-brand-600 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/admin" className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
            <span aria-hidden className="inline-block h-6 w-6 shrink-0 rounded-md bg-brand-600" />
            Assessment Integration
          </Link>
          <div className="flex items-center gap-2">
            <nav aria-label="Main" className="hidden flex-wrap items-center gap-x-2 gap-y-2 text-sm md:flex">
              {links}
              <span className="hidden text-xs text-slate-500 lg:inline" title="Signed in as">
                {admin.email}
              </span>
              <SignOutButton />
            </nav>
            <RegionBadge region={env.REGION} />
            <MobileMenu>
              {links}
              <span className="break-all px-2 py-1 text-xs text-slate-500">Signed in as {admin.email}</span>
              <SignOutButton />
            </MobileMenu>
          </div>
        </div>
      </header>
      {recoveryCodesLeft !== null && recoveryCodesLeft <= LOW_RECOVERY_CODES && (
        <RecoveryCodesWarning left={recoveryCodesLeft} />
      )}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:py-8"
      >
        <AdminProviders>{children}</AdminProviders>
      </main>
      {/* At the bottom: at the top right, toasts covered the header's Account and Sign out. */}
      <Toaster position="bottom-right" richColors closeButton />
    </div>
  );
}
