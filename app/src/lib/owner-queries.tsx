import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/** The owner data cache around the signed-in screens and the signed-in navigation (its own chunk, issue 22). */
export default function OwnerQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
