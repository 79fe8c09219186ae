'use client';
// A table row's actions behind one "…" button (as Stripe's tables do), in a cell that stays at the right
// edge of the table's scroll area: however wide the table, its actions are on screen. The menu is a native
// popover, so the table's scroll box never clips it, and a click elsewhere or Escape closes it.
import { useId, useRef, type KeyboardEvent } from 'react';

export interface RowAction {
  label: string;
  onSelect: () => void;
  tone?: 'danger';
  disabled?: boolean;
}

/** The classes of the cell that holds RowActions: pinned to the right edge of the scrolling table. */
export const rowActionsCell =
  'sticky right-0 bg-white/95 px-2 py-2 text-right shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.15)]';

export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? []),
  ];

  // Below the button, right-aligned with it, kept inside the viewport.
  function place() {
    const anchor = button.current?.getBoundingClientRect();
    const popup = menu.current;
    if (!anchor || !popup) return;
    const top =
      anchor.bottom + 4 + popup.offsetHeight > window.innerHeight
        ? anchor.top - 4 - popup.offsetHeight
        : anchor.bottom + 4;
    popup.style.top = `${Math.max(8, top)}px`;
    popup.style.left = `${Math.max(8, Math.min(anchor.right - popup.offsetWidth, window.innerWidth - popup.offsetWidth - 8))}px`;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (next === undefined || list.length === 0) return;
    event.preventDefault();
    list[(next + list.length) % list.length]?.focus();
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={id}
        aria-haspopup="menu"
        aria-label={`Actions for ${label}`}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-lg leading-none text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">…</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        role="menu"
        aria-label={`Actions for ${label}`}
        onKeyDown={onKeyDown}
        onToggle={(event) => {
          if ((event as unknown as ToggleEvent).newState !== 'open') return;
          place();
          items()[0]?.focus();
        }}
        className="fixed m-0 min-w-40 rounded-md bg-white p-1 text-left text-sm shadow-lg ring-1 ring-slate-200"
      >
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            role="menuitem"
            disabled={action.disabled}
            onClick={() => {
              // Closing first hands focus back to "…", so a dialog the action opens returns it there.
              menu.current?.hidePopover();
              action.onSelect();
            }}
            className={`block w-full rounded px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 ${action.tone === 'danger' ? 'text-red-700' : 'text-slate-800'}`}
          >
            {action.label}
          </button>
        ))}
      </div>
    </>
  );
}
