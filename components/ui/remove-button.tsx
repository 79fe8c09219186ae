'use client';
// The one way to remove a tenant, a questionnaire or a webhook endpoint: a button that says what will happen
// (delete when it holds no data, archive when it does) and a confirmation that explains it.
import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

export function RemoveButton({
  removal,
  what,
  name,
  archiveMeans,
  busy,
  onConfirm,
  size = 'md',
}: {
  removal: 'delete' | 'archive';
  /** "tenant", "questionnaire", "webhook endpoint". */
  what: string;
  name: string;
  /** What archiving keeps and stops, and how to restore. */
  archiveMeans: string;
  busy: boolean;
  onConfirm: () => void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const wasBusy = useRef(false);
  // The request ended (done, or its error shown as a toast): the question is answered.
  useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);
  const verb = removal === 'delete' ? 'Delete' : 'Archive';
  return (
    <>
      <Button
        variant={removal === 'delete' ? 'danger' : 'secondary'}
        size={size}
        onClick={() => setOpen(true)}
        aria-label={`${verb} ${what} ${name}`}
      >
        {verb}
      </Button>
      <ConfirmDialog
        open={open}
        title={`${verb} ${what} “${name}”?`}
        confirmLabel={`${verb} ${what}`}
        tone={removal === 'delete' ? 'danger' : 'primary'}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      >
        {removal === 'delete'
          ? `It holds no data, so it is deleted for good. This cannot be undone.`
          : archiveMeans}
      </ConfirmDialog>
    </>
  );
}
