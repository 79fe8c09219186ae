'use client';
// A list page's filter and page live in the address (shareable, kept by a reload and by Back from a row).
// Changes go through the browser's history API, which Next.js follows without a server round trip.
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

/**
 * The address's parameters and the way to change them. `resets` are dropped by every change that does not set
 * them itself (where the reader is in the list: a new filter starts again from the first page). `latest`
 * holds the newest address at once, so a search typed meanwhile never undoes a filter just chosen.
 */
export function useListAddress(resets: readonly string[]) {
  const pathname = usePathname();
  const params = useSearchParams();
  const latest = useRef<string | null>(null);
  useEffect(() => {
    latest.current = params.toString();
  }, [params]);

  /** Sets (or, given '', removes) parameters; `push` adds a history entry, so Back goes to the one before. */
  function setParams(changes: Record<string, string>, mode: 'replace' | 'push' = 'replace') {
    const next = new URLSearchParams(latest.current ?? params.toString());
    for (const key of resets) next.delete(key);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    go(next.toString(), mode);
  }

  function go(query: string, mode: 'replace' | 'push') {
    latest.current = query;
    const url = `${pathname}${query ? `?${query}` : ''}`;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  return { pathname, params, setParams, clearParams: () => go('', 'replace') };
}

/**
 * The search box of a list: searches once typing pauses for `delayMs` (or at once on submit). Typing (an
 * event, not a render) starts the timer, so a change of the address by Back or by another filter never
 * re-applies what was typed before it; a pending search is dropped when the page is left.
 */
export function useSearchAsYouType(applied: string, search: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);
  return {
    text,
    type(value: string) {
      setText(value);
      clearTimeout(timer.current);
      if (value.trim() === applied) return;
      timer.current = setTimeout(() => search(value.trim()), delayMs);
    },
    submit() {
      clearTimeout(timer.current);
      search(text.trim());
    },
    clear() {
      clearTimeout(timer.current);
      setText('');
    },
  };
}
