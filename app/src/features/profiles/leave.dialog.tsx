import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import type { LeaveChoice } from './use-leave-guard.ts';

/**
 * The editor's question before unsaved texts and links would be lost (issue 23; issue 35 adds
 * "Save and leave"): stay (also Escape and the backdrop), leave without saving, or save and leave.
 * Returns the dialog to render and `ask`, which resolves with the choice.
 */
export function useLeaveDialog(): [ReactNode, () => Promise<LeaveChoice>] {
  const { t } = useTranslation('edit_profile');
  const [open, setOpen] = useState(false);
  const resolver = useRef<((choice: LeaveChoice) => void) | null>(null);

  const settle = useCallback((choice: LeaveChoice) => {
    resolver.current?.(choice);
    resolver.current = null;
    setOpen(false);
  }, []);

  const ask = useCallback(() => {
    // A second question (a second Back press) replaces the first, which then counts as "stay".
    resolver.current?.('stay');
    setOpen(true);
    return new Promise<LeaveChoice>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const element = (
    <ModalDialog
      open={open}
      title={t('leave.title')}
      onClose={() => settle('stay')}
      stackedFooter
      footer={
        <>
          <button type="button" className="btn btn-primary" onClick={() => settle('save')}>
            {t('leave.save')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => settle('leave')}>
            {t('leave.confirm')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => settle('stay')}>
            {t('leave.stay')}
          </button>
        </>
      }
    >
      <p>{t('leave.text')}</p>
    </ModalDialog>
  );
  return [element, ask];
}
