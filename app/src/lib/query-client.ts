import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../components/screen-failure.ts';
import { ownerQueryHooks } from './owner-query-hooks.ts';

/**
 * One client for the owner screens: owner data changes only through this app, so half a minute
 * of staleness is fine. Loaded with the first signed-in screen (issue 22: not on the sign-in path).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && ((error as { status?: number }).status ?? 0) >= 500,
      // Issue 23: a call that failed for want of the server shows the screen's "try again" inside
      // the layout (components/screen-error.tsx); screens still handle their own 4xx answers.
      throwOnError: (error) => isRetryable(error),
    },
  },
});

ownerQueryHooks.onSignedOut(() => queryClient.clear());
ownerQueryHooks.onRetry(() => void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' }));
