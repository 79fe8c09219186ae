'use client';
// Bulk enrolment: upload a CSV file, read the preview's bad rows, start the import, watch it reach 100 %,
// download the results. The import's id is in the address, so closing the page (or the browser) loses
// nothing: the job runs on the server and the page picks it up again.
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation, useSubmitOnce } from '@/components/ui/use-submit-once';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { errorMessage } from '@/components/ui/errors';
import { formatNumber } from '@/components/ui/format';
import { Time } from '@/components/ui/time';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { IssueTable } from './import-issues';
import { ImportProgressCard } from './import-progress';

const POLL_MS = 500;

export function ParticipantImportPage({ questionnaireId }: { questionnaireId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const importId = useSearchParams().get('import');
  const base = `/admin/questionnaires/${questionnaireId}/participant-imports`;
  const show = (id: string | null) => router.replace(id ? `${pathname}?import=${id}` : pathname);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Import participants</h1>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            A CSV file with the columns interview_ref_num (required), phone_number1, phone_number2,
            external_ref_id, email and language, in any order and letter case, separated by commas (or by
            semicolons, as Excel saves CSV in many languages). At most 50,000 rows and 10 MiB. Every row is
            checked like a participant created through the API.
          </p>
        </div>
        <div className="flex gap-2">
          <a href={`${base}/template.csv`} className={buttonClasses('secondary', 'sm')} download>
            Download template
          </a>
          <Link
            href={`/admin/questionnaires/${questionnaireId}/participants`}
            className={buttonClasses('ghost', 'sm')}
          >
            Back to participants
          </Link>
        </div>
      </div>
      {importId ? (
        <ImportJob
          questionnaireId={questionnaireId}
          importId={importId}
          resultsBase={base}
          onAnother={() => show(null)}
        />
      ) : (
        <UploadForm uploadUrl={base} onUploaded={show} />
      )}
      <RecentImports questionnaireId={questionnaireId} onOpen={show} current={importId} />
    </div>
  );
}

function UploadForm({ uploadUrl, onUploaded }: { uploadUrl: string; onUploaded: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const once = useSubmitOnce();
  const upload = useMutation({
    mutationFn: async ({ chosen, submissionId }: { chosen: File; submissionId: string }) => {
      const response = await fetch(uploadUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'text/csv',
          'X-File-Name': encodeURIComponent(chosen.name),
          'X-Submission-Id': submissionId,
        },
        body: chosen,
      });
      const body = (await response.json().catch(() => null)) as {
        error?: string;
        progress?: { id: string };
      } | null;
      if (!response.ok || !body?.progress) throw new Error(body?.error ?? 'The file could not be uploaded.');
      return body.progress.id;
    },
    onSuccess: onUploaded,
  });
  return (
    <Card title="Upload a file">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) void once.submit((submissionId) => upload.mutateAsync({ chosen: file, submissionId }));
        }}
      >
        <label className="text-sm font-medium text-slate-700">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block text-sm"
            onChange={(e) => {
              upload.reset();
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        </label>
        <Button type="submit" disabled={!file} loading={once.busy}>
          Check file
        </Button>
      </form>
      <div className="mt-3">
        <FormError message={upload.error ? upload.error.message : null} />
      </div>
    </Card>
  );
}

function ImportJob({
  questionnaireId,
  importId,
  resultsBase,
  onAnother,
}: {
  questionnaireId: string;
  importId: string;
  resultsBase: string;
  onAnother: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const job = useQuery({
    ...trpc.participantImport.get.queryOptions({ questionnaireId, importId }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const start = useFormMutation(
    trpc.participantImport.start.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.participantImport.pathFilter()),
    }),
  );
  if (job.error) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  if (!job.data) return <SkeletonRows rows={3} label="Loading import" />;
  const p = job.data;
  const willRefuse = p.issueCount;
  const problemsUrl = `${resultsBase}/${importId}/problems.csv`;
  const percent = p.totalRows ? Math.floor((p.done / p.totalRows) * 100) : 0;

  if (p.status === 'preview') {
    return (
      <Card title={`Preview of ${p.fileName}`}>
        <p className="text-sm text-slate-700" data-testid="import-summary">
          {formatNumber(p.totalRows)} rows: {formatNumber(p.totalRows - willRefuse)} will be created,{' '}
          {formatNumber(willRefuse)} will be refused. Nothing has been written yet.
        </p>
        {willRefuse > 0 && <IssueTable issues={p.issues} total={p.issueCount} problemsUrl={problemsUrl} />}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            onClick={() => !start.busy && start.submit({ questionnaireId, importId })}
            loading={start.busy}
            disabled={p.totalRows === willRefuse}
          >
            Import {formatNumber(p.totalRows - willRefuse)} rows
          </Button>
          <Button variant="secondary" onClick={onAnother}>
            Choose another file
          </Button>
        </div>
        <div className="mt-3">
          <FormError message={start.error ? errorMessage(start.error) : null} />
        </div>
      </Card>
    );
  }

  return (
    <ImportProgressCard
      progress={p}
      percent={percent}
      resultsUrl={`${resultsBase}/${importId}/results.csv`}
      problemsUrl={problemsUrl}
      justStarted={start.isSuccess}
      onAnother={onAnother}
    />
  );
}

function RecentImports({
  questionnaireId,
  onOpen,
  current,
}: {
  questionnaireId: string;
  onOpen: (id: string) => void;
  current: string | null;
}) {
  const trpc = useTRPC();
  const imports = useQuery(trpc.participantImport.list.queryOptions({ questionnaireId }));
  const others = (imports.data ?? []).filter((i) => i.id !== current);
  if (others.length === 0) return null;
  return (
    <Card title="Recent imports">
      <ul className="divide-y divide-slate-100 text-sm">
        {others.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {i.fileName} · <Time value={i.createdAt} /> · {i.status} · {formatNumber(i.created)} created,{' '}
              {formatNumber(i.refused)} refused
            </span>
            <Button variant="ghost" size="sm" onClick={() => onOpen(i.id)}>
              Open
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
