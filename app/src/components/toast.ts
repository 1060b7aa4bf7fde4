/**
 * The one toast function of the app. react-toastify (its CSS-file, "unstyled" build: toasts
 * only reach a container of the same build) is loaded on the first toast or with the container
 * (components/toasts.tsx), not with the first load (issue 22); a toast shown before the
 * container mounts waits in react-toastify's queue.
 */
type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: string): void {
  void import('react-toastify/unstyled').then(({ toast }) => toast[kind](message));
}

/** `toast.success(text)`, `toast.error(text)`, `toast.info(text)`. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
