'use client';
// A started import: its progress bar, counts and downloads. Started from the bottom of a long preview, the
// card would be where the preview's top was, far above the screen: it is brought into view (and takes the
// focus the vanished "Import" button had), so the progress is seen where the click was.
import { useEffect, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/components/ui/format';
import type { ImportProgress } from '@/server/imports/job';
import { IssueTable } from './import-issues';

export function ImportProgressCard({
  progress: p,
  percent,
  resultsUrl,
  problemsUrl,
  justStarted,
  onAnother,
}: {
  progress: ImportProgress & {
    issues: Parameters<typeof IssueTable>[0]['issues'];
    issueCount: number;
  };
  percent: number;
  resultsUrl: string;
  problemsUrl: string;
  /** Started by a click on this page just now (not opened from a link or the recent imports). */
  justStarted: boolean;
  onAnother: () => void;
}) {
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!justStarted || !top.current) return;
    // 'start': the card is often taller than the screen (its problem list), and already overlaps it.
    top.current.scrollIntoView({ block: 'start' });
    top.current.focus({ preventScroll: true });
  }, [justStarted]);
  return (
    <div ref={top} tabIndex={-1} className="scroll-mt-4 outline-none">
      <Card title={`${p.status === 'done' ? 'Imported' : 'Importing'} ${p.fileName}`}>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-700" data-testid="import-progress" aria-live="polite">
          {percent} % · {formatNumber(p.done)} of {formatNumber(p.totalRows)} rows · {formatNumber(p.created)}{' '}
          created · {formatNumber(p.refused)} refused
          {p.rate !== null ? ` · ${formatNumber(p.rate)} rows/s` : ''}
        </p>
        {p.status === 'done' && (
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={resultsUrl} className={buttonClasses('primary', 'md')} download>
              Download results
            </a>
            <Button variant="secondary" onClick={onAnother}>
              Import another file
            </Button>
          </div>
        )}
        {p.issues.length > 0 && (
          <IssueTable issues={p.issues} total={p.issueCount} problemsUrl={problemsUrl} />
        )}
      </Card>
    </div>
  );
}
