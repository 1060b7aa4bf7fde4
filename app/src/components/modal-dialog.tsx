import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** The buttons one under the other at full width (three or more long answers). */
  stackedFooter?: boolean;
}

/**
 * A native modal `<dialog>`: the browser traps focus, makes the page behind inert and closes
 * on Escape; a click on the backdrop closes it too.
 */
export function ModalDialog({ open, title, onClose, children, footer, stackedFooter = false }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop; its content sits in the inner box.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal-box">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <div className="modal-body">{children}</div>
          {footer && <div className={stackedFooter ? 'modal-footer modal-footer-stacked' : 'modal-footer'}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
