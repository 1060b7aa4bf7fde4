/**
 * React's own `useSyncExternalStore` where a library asks for the `use-sync-external-store/shim`
 * package (react-i18next does, for React 16 and 17): React 19 has the hook, and the shim's
 * fallback would only ship unused code on every first load (issue 35). `app/vite.config.ts`
 * aliases the shim here.
 */
export { useSyncExternalStore } from 'react';
