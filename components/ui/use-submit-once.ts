'use client';
// One change per submission of a form or press of a button. The first click (or Enter) wins synchronously,
// before React has re-rendered the button as disabled, so a native double-click sends one request. Each
// submission carries a fresh id that the server claims with the change (submitOnce in
// server/admins/procedures.ts): should a second request still get through, it changes nothing. After a
// success the next submission gets a new id; after a failure the id is kept, so a retry of a request that did
// reach the server is not applied twice.
import { useCallback, useRef, useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { v4 as uuidv4 } from 'uuid';

/**
 * `submit(send)` runs `send(submissionId)` at most once at a time; for a form whose request is not a tRPC
 * mutation (the import upload sends the id in a header).
 */
export function useSubmitOnce() {
  const inFlight = useRef(false);
  const submissionId = useRef(uuidv4());
  const [busy, setBusy] = useState(false);
  const submit = useCallback(async (send: (submissionId: string) => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await send(submissionId.current);
      submissionId.current = uuidv4();
    } catch {
      // The mutation's own onError shows the problem.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { submit, busy };
}

/**
 * A tRPC mutation for an Admin form or button: `submit(input)` sends it at most once at a time with the
 * form's submission id, and `busy` disables the control meanwhile. Every mutating control uses this.
 */
export function useFormMutation<TData, TError, TVariables extends { submissionId?: string }, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  const mutation = useMutation(options);
  const once = useSubmitOnce();
  const { mutateAsync } = mutation;
  const submit = useCallback(
    (variables: Omit<TVariables, 'submissionId'>) =>
      void once.submit((submissionId) => mutateAsync({ ...variables, submissionId } as TVariables)),
    [once, mutateAsync],
  );
  return { ...mutation, submit, busy: once.busy };
}
