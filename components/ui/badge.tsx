import type { ReactNode } from 'react';

type Tone = 'neutral' | 'green' | 'red' | 'amber' | 'blue';

const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  blue: 'bg-brand-50 text-brand-700 ring-brand-100',
};

/** `wrap` for text that comes from outside (a result status of 100 characters): it wraps instead of overflowing. */
export function Badge({
  tone = 'neutral',
  wrap = false,
  children,
}: {
  tone?: Tone;
  wrap?: boolean;
  children: ReactNode;
}) {
  const flow = wrap ? 'max-w-full [overflow-wrap:anywhere]' : 'whitespace-nowrap';
  return (
    <span
      className={`inline-flex items-center ${flow} rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {/* One inline box: as flex items, "until " and the <Time> after it lost the space between them. */}
      <span>{children}</span>
    </span>
  );
}
