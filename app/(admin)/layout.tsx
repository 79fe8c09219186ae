import Link from 'next/link';
import type { ReactNode } from 'react';
import { RegionBadge } from '@/components/ui/region-badge';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link href="/admin" className="flex items-center gap-2 font-semibold text-slate-900">
            <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-brand-600" />
            Assessment Integration
          </Link>
          <nav aria-label="Main" className="flex items-center gap-4 text-sm">
            <Link href="/admin" className="text-slate-600 hover:text-slate-900">
              Questionnaires
            </Link>
            <RegionBadge region={env.REGION} />
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
