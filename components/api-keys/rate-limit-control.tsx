'use client';
// One key's rate limit in the keys table: its requests per minute (its own, or the service default) and a
// small inline form to change it. An empty value goes back to the default. A key minted by a key shows the
// limit it shares with the first key of its tree, changed there.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { errorMessage, fieldErrorsOf } from '@/components/ui/errors';
import { formatNumber } from '@/components/ui/format';

export function RateLimitControl({
  questionnaireId,
  apiKey,
}: {
  questionnaireId: string;
  apiKey: {
    id: string;
    name: string;
    rateLimitPerMinute: number | null;
    /** The name of the key whose limit (and bucket) this key shares: the root of the tree it was minted in. */
    rateLimitSharedWith: string | null;
    defaultRateLimitPerMinute: number;
    rateLimitEditVersion: string;
  };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  // The limit as it was when "Change" was pressed: a save is refused if someone changed it since.
  const [editVersion, setEditVersion] = useState(apiKey.rateLimitEditVersion);
  const save = useFormMutation(
    trpc.apiKey.setRateLimit.mutationOptions({
      onSuccess: async (updated) => {
        toast.success(
          updated.rateLimitPerMinute === null
            ? `Key “${apiKey.name}” uses the default rate limit again`
            : `Key “${apiKey.name}” may make ${formatNumber(updated.rateLimitPerMinute)} requests a minute`,
        );
        setEditing(false);
        await queryClient.invalidateQueries(trpc.apiKey.list.queryFilter({ questionnaireId }));
      },
      onError: (error) => {
        if (!fieldErrorsOf(error).perMinute) toast.error(errorMessage(error));
      },
    }),
  );
  const effective = apiKey.rateLimitPerMinute ?? apiKey.defaultRateLimitPerMinute;

  if (!editing) {
    return (
      // Wraps in a narrow column rather than widening the table (its Change button went out of view).
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="whitespace-nowrap text-slate-700">{formatNumber(effective)}/min</span>
        {apiKey.rateLimitPerMinute === null && <span className="text-xs text-slate-500">(default)</span>}
        {apiKey.rateLimitSharedWith !== null && (
          <span className="text-xs text-slate-500 [overflow-wrap:anywhere]">
            shared with key “{apiKey.rateLimitSharedWith}”
          </span>
        )}
        {apiKey.rateLimitSharedWith === null && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Change the rate limit of key ${apiKey.name}`}
            onClick={() => {
              setValue(apiKey.rateLimitPerMinute === null ? '' : String(apiKey.rateLimitPerMinute));
              setEditVersion(apiKey.rateLimitEditVersion);
              save.reset();
              setEditing(true);
            }}
          >
            Change
          </Button>
        )}
      </div>
    );
  }

  const error = fieldErrorsOf(save.error).perMinute;
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    save.submit({
      questionnaireId,
      keyId: apiKey.id,
      perMinute: trimmed === '' ? null : Number(trimmed),
      editVersion,
    });
  }
  const inputId = `rate-limit-${apiKey.id}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-1" aria-label={`Rate limit of key ${apiKey.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Requests per minute for key {apiKey.name}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          placeholder={`${apiKey.defaultRateLimitPerMinute} (default)`}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="w-32 rounded-md border-0 px-2 py-1 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
        />
        <span className="text-xs text-slate-500">/min</span>
        <Button type="submit" size="sm" loading={save.busy}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
