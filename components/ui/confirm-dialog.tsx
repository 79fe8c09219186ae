'use client';
// A modal confirmation on the native <dialog> element: the page behind is inert and Escape cancels. Tab and
// Shift+Tab also wrap around inside the dialog: without that, Tab from the last button leaves for the
// browser's own controls, and a keyboard user is lost.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex="0"]';

/** Keeps Tab inside the dialog: from the last control to the first and back. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  onDismiss,
  busy = false,
  tone = 'danger',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape: by default the same as the cancel button (give it when that button does something else). */
  onDismiss?: () => void;
  busy?: boolean;
  tone?: 'danger' | 'primary';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) (onDismiss ?? onCancel)();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="space-y-3 p-5">
        <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="break-words text-sm text-slate-600">
          {children}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2 rounded-b-lg bg-slate-50 px-5 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
