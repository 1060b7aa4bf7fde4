import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import type { CardScannerProps } from './card-scanner.tsx';

const CardScannerLoaded = lazy(() => import('./card-scanner.tsx'));

/**
 * The QR reader for screens of other features (issue 28: the operator's console): its chunk
 * (the reader library and its wasm) loads when it is first shown, with a spinner in its place
 * meanwhile, so the screen around it neither waits for it nor carries it.
 */
export function CardScanner(props: CardScannerProps) {
  const { t } = useTranslation('molecules', { useSuspense: false });
  return (
    <Suspense fallback={<Spinner label={t('loading')} />}>
      <CardScannerLoaded {...props} />
    </Suspense>
  );
}
