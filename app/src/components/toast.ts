/**
 * The one toast function of the app. The container is the CSS-file ("unstyled") build of
 * react-toastify, and toasts only reach a container of the same build, so every screen
 * imports `toast` from here and never from 'react-toastify' itself.
 */
export { toast } from 'react-toastify/unstyled';
