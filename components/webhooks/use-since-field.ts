'use client';
// The "since …" date-time field that replaying failed deliveries and recovering missed ones share: a
// datetime-local value (the Admin's local time), checked before sending, sent as an ISO instant; the
// server's refusal of it shows at the field, anything else as a toast.
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, fieldErrorsOf } from '@/components/ui/errors';
import { localInputValue } from '@/components/ui/format';

export function useSinceField(initial: () => Date) {
  const [since, setSince] = useState(() => localInputValue(initial()));
  const [localError, setLocalError] = useState<string | undefined>();
  /** The chosen time as an ISO instant, or null when none is chosen (the field then says so). */
  const chosen = (): string | null => {
    const date = new Date(since);
    if (!since || Number.isNaN(date.getTime())) {
      setLocalError('Choose a date and time');
      return null;
    }
    setLocalError(undefined);
    return date.toISOString();
  };
  /** What the field shows under it: its own check first, then the server's answer. */
  const errorOf = (serverError: unknown) => localError ?? fieldErrorsOf(serverError).since;
  return { since, setSince, chosen, errorOf };
}

/** A refusal that is not about the field (which shows it itself). */
export function toastUnlessSinceError(error: unknown): void {
  if (!fieldErrorsOf(error).since) toast.error(errorMessage(error));
}
