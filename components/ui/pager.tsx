'use client';
// Previous and next page of a numbered list, with where the reader is ("Page 2 of 5"); nothing when it all fits
// on one page.
import { Button } from './button';

export function Pager({
  label,
  page,
  pageCount,
  onPage,
}: {
  /** Names the navigation, e.g. "Questionnaire pages". */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
