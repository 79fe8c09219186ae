// The building blocks of the customer documentation pages under /docs.
import type { ReactNode } from 'react';

export function C({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 text-[0.85em]">{children}</code>;
}

/** A code block; focusable so that keyboard users can scroll a long line into view. */
export function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre
      aria-label={label}
      role="region"
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
    >
      <code>{children}</code>
    </pre>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
