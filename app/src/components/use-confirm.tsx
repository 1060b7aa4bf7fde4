import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog.tsx';

/** What {@link useConfirm}'s question shows. */
export interface ConfirmOptions {
  title: string;
  message: string;
  /** Label of the confirming button (defaults to "delete"). */
  confirmLabel?: string;
}

/**
 * SPEC 2: deleting a link, a profile or a logo and resetting a card need a confirmation.
 * Returns the dialog to render and `ask`, which resolves true only on the confirming button.
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<boolean>] {
  const { t } = useTranslation('molecules');
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const ask = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const element = (
    <ModalDialog
      open={options !== null}
      title={options?.title ?? ''}
      onClose={() => settle(false)}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => settle(false)}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => settle(true)}>
            {options?.confirmLabel ?? t('delete')}
          </button>
        </>
      }
    >
      <p>{options?.message}</p>
    </ModalDialog>
  );
  return [element, ask];
}
