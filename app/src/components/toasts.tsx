import { ToastContainer } from 'react-toastify/unstyled';
import { useTranslation } from 'react-i18next';
// The library's styles, then the app's touches on them, in this order: both leave the first
// load's render-blocking stylesheet and arrive with this chunk (issue 35).
import 'react-toastify/ReactToastify.css';
import '../styles/toasts.css';

/**
 * SPEC 1: toasts bottom-right, dark, closing after 3000 ms, without a progress bar. Its own
 * chunk with its styles (issues 22 and 35): react-toastify keeps toasts shown before the
 * container mounts in a queue.
 */
export default function Toasts() {
  const { t, ready } = useTranslation('molecules', { useSuspense: false });
  return <ToastContainer position="bottom-right" theme="dark" autoClose={3000} hideProgressBar aria-label={ready ? t('notifications') : undefined} />;
}
