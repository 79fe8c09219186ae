'use client';
// One change per submission of a form. The first click (or Enter) wins synchronously, before React has
// re-rendered the button as disabled, so a native double-click sends one request. Each submission carries a
// fresh id that the server claims with the change (server/services/form-submissions.ts): should a second
// request still get through, it changes nothing. After a success the next submission gets a new id; after a
// failure the id is kept, so a retry of a request that did reach the server is not applied twice.
import { useCallback, useRef, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';

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
