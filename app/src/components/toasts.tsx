import { ToastContainer } from 'react-toastify/unstyled';
import { useTranslation } from 'react-i18next';

/**
 * SPEC 1: toasts bottom-right, dark, closing after 3000 ms, without a progress bar. Its own
 * chunk (issue 22): react-toastify keeps toasts shown before the container mounts in a queue.
 */
export default function Toasts() {
  const { t, ready } = useTranslation('molecules', { useSuspense: false });
  return <ToastContainer position="bottom-right" theme="dark" autoClose={3000} hideProgressBar aria-label={ready ? t('notifications') : undefined} />;
}
