// The page shell of a step an Admin must take before the Admin app opens (choose a password, set up two-factor
// sign-in): outside the Admin layout, which would send them back here, with nothing but the step and signing out.
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { AdminProviders } from '@/components/providers/trpc-provider';

export function SetupPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <main className="w-full max-w-xl space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
        <AdminProviders>{children}</AdminProviders>
        <div className="border-t border-slate-100 pt-3">
          <SignOutButton />
        </div>
      </main>
    </div>
  );
}
