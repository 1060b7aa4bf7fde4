import { useTranslation } from 'react-i18next';

/** A spinning ring; `label` is what a screen reader hears. */
export function Spinner({ label, size = 40 }: { label: string; size?: number }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/**
 * Centred spinner for a loading screen (SPEC 2: while the sign-in state loads). It may show
 * before any translation has arrived, so it never waits for them: the label joins once loaded.
 */
export function PageSpinner() {
  const { t, ready } = useTranslation('molecules', { useSuspense: false });
  return (
    <div className="page-spinner">
      <span className="spinner" role="status" aria-label={ready ? t('loading') : undefined} style={{ width: 44, height: 44 }} />
    </div>
  );
}

/** Centred spinner with a translated label, once the shared texts are loaded. */
export function LoadingBlock() {
  const { t } = useTranslation('molecules');
  return (
    <div className="page-spinner">
      <Spinner label={t('loading')} />
    </div>
  );
}
