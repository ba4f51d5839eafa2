import { Suspense, lazy, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { HostBridge } from '@shared/host'
import { HostProvider, type Reload } from '@renderer/host/HostContext'
import { ThemeProvider } from './theme'

// The sign-in screens never toast: the toaster loads beside them instead of in the entry chunk.
const AppToaster = lazy(async () => ({ default: (await import('@renderer/lib/toasts')).AppToaster }))

/** Everything a screen needs around it: host, query cache, Fluent theme and the toaster. */
export function Providers({
  host,
  queryClient,
  reload,
  children
}: {
  host: HostBridge
  queryClient: QueryClient
  reload?: Reload
  children: ReactNode
}) {
  return (
    <HostProvider host={host} reload={reload}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </HostProvider>
  )
}
