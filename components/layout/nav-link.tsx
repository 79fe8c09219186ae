'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

/** A navigation link that marks itself as the current page (aria-current) when the path is inside it. */
export function NavLink({
  href,
  exact = false,
  children,
  variant = 'top',
}: {
  href: string;
  exact?: boolean;
  children: ReactNode;
  variant?: 'top' | 'tab';
}) {
  const pathname = usePathname();
  const active = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  const classes =
    variant === 'tab'
      ? `block whitespace-nowrap rounded-t-sm border-b-2 px-1 pb-3 pt-1 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
          active
            ? 'border-brand-600 text-brand-700'
            : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
        }`
      : `rounded-md px-2 py-1 ${active ? 'bg-slate-100 font-medium text-slate-900' : 'text-slate-600 hover:text-slate-900'}`;
  return (
    <Link href={href} aria-current={active ? 'page' : undefined} className={classes}>
      {children}
    </Link>
  );
}
