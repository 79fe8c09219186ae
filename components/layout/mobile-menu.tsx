'use client';
// The main navigation on a phone: one "Menu" button instead of links wrapping onto a second row. A native
// <details> (works before scripts load); it closes itself once a link has been followed, and on Escape (which
// a <details> ignores by itself), handing focus back to the Menu button.
import { usePathname } from 'next/navigation';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export function MobileMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    const menu = ref.current;
    if (event.key !== 'Escape' || !menu?.open) return;
    event.preventDefault();
    menu.open = false;
    summary.current?.focus();
  }
  return (
    <details ref={ref} className="relative md:hidden" onKeyDown={closeOnEscape}>
      <summary
        ref={summary}
        className="cursor-pointer list-none rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
      >
        Menu
      </summary>
      <nav
        aria-label="Main"
        className="absolute right-0 z-20 mt-2 flex w-60 flex-col items-stretch gap-1 rounded-lg bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200"
      >
        {children}
      </nav>
    </details>
  );
}
