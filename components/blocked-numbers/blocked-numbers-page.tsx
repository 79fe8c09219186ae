'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, TextAreaField, TextField } from '@/components/ui/field';
import { countOf, formatNumber } from '@/components/ui/format';
import { Time } from '@/components/ui/time';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useFormMutation } from '@/components/ui/use-submit-once';

/** A stored E.164 number as people read it: "+44 20 7946 0958". */
const readable = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

interface Problem {
  line: number;
  text: string;
  message: string;
}

export function BlockedNumbersPage({
  questionnaireId,
  region,
}: {
  questionnaireId: string;
  region: 'us' | 'uk';
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.blockedNumber.list.queryOptions({ questionnaireId }));
  const refresh = () =>
    queryClient.invalidateQueries(trpc.blockedNumber.list.queryFilter({ questionnaireId }));
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useFormMutation(
    trpc.blockedNumber.remove.mutationOptions({
      onSuccess: async () => {
        toast.success('Number unblocked');
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setRemoving(null),
    }),
  );
  const shown = useMemo(() => {
    const digits = filter.replace(/[^\d+]/g, '');
    return (list.data ?? []).filter((b) => !digits || b.phoneNumber.includes(digits));
  }, [list.data, filter]);
  const example = region === 'uk' ? '020 7946 0958' : '(415) 555-0132';

  return (
    <div className="space-y-6">
      <h2 className="sr-only">Call-blocking</h2>
      <p className="max-w-prose text-sm text-slate-600">
        Participants with a blocked phone number are reported with <code>is_participant_allowed: false</code>.
        Numbers without a country code are read as {region === 'uk' ? 'UK' : 'US'} numbers.
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AddOneForm questionnaireId={questionnaireId} example={example} onAdded={refresh} />
        <PasteForm questionnaireId={questionnaireId} onAdded={refresh} />
      </div>
      <Card
        title="Blocked numbers"
        description={list.data ? `${countOf(list.data.length, 'number')} blocked` : undefined}
        actions={
          (list.data?.length ?? 0) > 5 && (
            <TextField
              label="Find a number"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              inputMode="tel"
              className="w-48"
            />
          )
        }
      >
        {list.isPending ? (
          <SkeletonRows rows={3} label="Loading blocked numbers" />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="No blocked numbers">Every participant may take the questionnaire.</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title="No blocked number matches">Try fewer digits.</EmptyState>
        ) : (
          <ul aria-label="Blocked numbers" className="divide-y divide-slate-100">
            {shown.map((b) => (
              <li key={b.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <span className="whitespace-nowrap font-mono text-sm text-slate-900">
                    {readable(b.phoneNumber)}
                  </span>
                  <span className="ml-3 inline-block text-xs text-slate-500">
                    blocked <Time value={b.createdAt} />
                  </span>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={removing === b.id}
                  aria-label={`Unblock ${readable(b.phoneNumber)}`}
                  onClick={() => {
                    setRemoving(b.id);
                    remove.submit({ questionnaireId, id: b.id });
                  }}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function AddOneForm({
  questionnaireId,
  example,
  onAdded,
}: {
  questionnaireId: string;
  example: string;
  onAdded: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const [phoneNumber, setPhoneNumber] = useState('');
  const add = useFormMutation(
    trpc.blockedNumber.add.mutationOptions({
      onSuccess: async (blocked) => {
        toast.success(`${readable(blocked.phoneNumber)} blocked`);
        setPhoneNumber('');
        await onAdded();
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    add.submit({ questionnaireId, phoneNumber });
  }
  return (
    <Card title="Block a number">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Block a number">
        <FormError message={formErrorOf(add.error)} />
        <TextField
          label="Phone number to block"
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
          error={fieldErrorsOf(add.error).phoneNumber}
          placeholder={`+44 20 7946 0958 or ${example}`}
          inputMode="tel"
          autoComplete="off"
        />
        <Button type="submit" loading={add.busy}>
          Block number
        </Button>
      </form>
    </Card>
  );
}

function PasteForm({ questionnaireId, onAdded }: { questionnaireId: string; onAdded: () => Promise<void> }) {
  const trpc = useTRPC();
  const [numbers, setNumbers] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const addMany = useFormMutation(
    trpc.blockedNumber.addMany.mutationOptions({
      onSuccess: async (outcome) => {
        setProblems(outcome.problems);
        if (outcome.problems.length) {
          toast.error(
            `Nothing was blocked: ${countOf(outcome.problems.length, 'line needs', 'lines need')} fixing`,
          );
          return;
        }
        toast.success(
          `${countOf(outcome.added, 'number')} blocked` +
            (outcome.alreadyBlocked
              ? `, ${formatNumber(outcome.alreadyBlocked)} already blocked or repeated`
              : ''),
        );
        setNumbers('');
        await onAdded();
      },
      onError: (error) => {
        setProblems([]);
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    addMany.submit({ questionnaireId, numbers });
  }
  return (
    <Card title="Paste a list">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Paste a list of numbers">
        <TextAreaField
          label="Numbers to block"
          rows={5}
          value={numbers}
          onChange={(e) => setNumbers(e.target.value)}
          error={fieldErrorsOf(addMany.error).numbers}
          hint="One per line, or separated by commas. If any line cannot be read, nothing is blocked."
        />
        {problems.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 p-3 ring-1 ring-inset ring-red-200">
            <p className="text-sm font-medium text-red-800">Fix these lines, then paste again:</p>
            <ul aria-label="Lines that could not be read" className="mt-1 space-y-0.5 text-sm text-red-800">
              {problems.map((p, i) => (
                <li key={`${p.line}-${i}`}>
                  Line {p.line}: {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button type="submit" loading={addMany.busy}>
          Block all
        </Button>
      </form>
    </Card>
  );
}
