import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Props of {@link Dropdown}. */
export interface DropdownProps {
  /** Content of the toggle button. */
  trigger: ReactNode;
  /** Accessible name of the toggle button. */
  label: string;
  className?: string;
  /** The panel; `close` lets an item close it after acting. */
  children: (close: () => void) => ReactNode;
}

/**
 * A disclosure button with a panel below it (the WAI "disclosure navigation" pattern, not an
 * ARIA menu, so Tab moves through the items as anywhere else). Escape and a click outside close it.
 */
export function Dropdown({ trigger, label, className, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`dropdown ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="dropdown-trigger"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      <div id={panelId} className="dropdown-panel" hidden={!open}>
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}
