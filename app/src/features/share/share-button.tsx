import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareTarget } from './share-panel.dialog.tsx';

const SharePanelDialog = lazy(() => import('./share-panel.dialog.tsx'));

interface ShareButtonProps {
  target: ShareTarget;
  className?: string;
}

/**
 * Issue 23: opens a profile's share panel (its own chunk, loaded on the first press). While its
 * texts load it holds its place with a blank button of its own, so the screen around it (the
 * editor's form, the overview) shows without waiting for them.
 */
export function ShareButton(props: ShareButtonProps) {
  const { className = 'btn btn-secondary btn-small' } = props;
  return (
    <Suspense fallback={<span className={`${className} is-placeholder`} aria-hidden="true" data-testid="share-placeholder" />}>
      <ShareButtonLoaded {...props} />
    </Suspense>
  );
}

function ShareButtonLoaded({ target, className = 'btn btn-secondary btn-small' }: ShareButtonProps) {
  const { t } = useTranslation('my_profile');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={t('share.open_named', { name: target.name })}>
        {t('share.button')}
      </button>
      {open && (
        <Suspense>
          <SharePanelDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
