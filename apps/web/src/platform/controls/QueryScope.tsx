import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

// Lists are cached for 60 seconds (spec §7).
let fallbackClient: QueryClient | undefined;

/**
 * Provides a query client when the page around has none, so the controls and screens work whether
 * or not the shell set one up; an existing client is used as is.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  fallbackClient ??= new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } },
  });
  return <QueryClientProvider client={fallbackClient}>{children}</QueryClientProvider>;
}
