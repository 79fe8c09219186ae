// An import's rows with problems: the row, its IRN, the message and the value the message is about (the
// create's messages, such as "Invalid email format", name no value), with a link to the file of all of them.
import { buttonClasses } from '@/components/ui/button';
import { countOf, formatNumber } from '@/components/ui/format';

interface Issue {
  row: number;
  irn: string;
  message: string;
  column: string | null;
  value: string | null;
}

export function IssueTable({
  issues,
  total,
  problemsUrl,
}: {
  issues: Issue[];
  total: number;
  problemsUrl: string;
}) {
  const more = total - issues.length;
  return (
    <div className="mt-3">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span data-testid="import-problems-shown">
          {more > 0
            ? `The first ${formatNumber(issues.length)} problems, and ${formatNumber(more)} more:`
            : `${countOf(total, 'problem')}:`}
        </span>
        <a href={problemsUrl} className={buttonClasses('secondary', 'sm')} download>
          {total === 1 ? 'Download the problem (CSV)' : `Download all ${formatNumber(total)} problems (CSV)`}
        </a>
      </p>
      <table className="mt-3 w-full text-left text-sm" aria-label="Rows with problems">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-3">Row</th>
            <th className="py-1 pr-3">interview_ref_num</th>
            <th className="py-1 pr-3">Problem</th>
            <th className="py-1">Value</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {issues.map((issue) => (
            <tr key={issue.row} className="align-top">
              <td className="py-1 pr-3 tabular-nums">{issue.row}</td>
              <td className="py-1 pr-3 [overflow-wrap:anywhere]">{issue.irn || '—'}</td>
              <td className="py-1 pr-3 text-red-700 [overflow-wrap:anywhere]">{issue.message}</td>
              <td className="py-1 [overflow-wrap:anywhere]">
                <OffendingValue column={issue.column} value={issue.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "email: someone@", with an empty value said in words (a blank cell reads as "nothing to show"). */
function OffendingValue({ column, value }: { column: string | null; value: string | null }) {
  if (column === null || value === null) return <span className="text-slate-400">—</span>;
  return (
    <>
      <span className="text-xs text-slate-500">{column}: </span>
      {value.trim() === '' ? (
        <span className="italic text-slate-500">empty</span>
      ) : (
        <code className="rounded bg-slate-100 px-1 text-xs text-slate-900">{value}</code>
      )}
    </>
  );
}
