import { createContext, useContext, type ReactNode } from 'react'
import type { HostBridge } from '@shared/host'

/** Reloads the whole renderer, optionally at another address of the app (replacing the current entry). */
export type Reload = (path?: string) => void

interface HostContextValue {
  host: HostBridge
  reload: Reload
}

const reloadWindow: Reload = (path) => {
  if (path !== undefined) window.history.replaceState(null, '', path)
  window.location.reload()
}

const HostContext = createContext<HostContextValue | null>(null)

/** Provides the HostBridge, and the reload used after an organization switch (injected so tests can observe it). */
export function HostProvider({ host, reload = reloadWindow, children }: { host: HostBridge; reload?: Reload; children: ReactNode }) {
  return <HostContext.Provider value={{ host, reload }}>{children}</HostContext.Provider>
}

function useHostContext(): HostContextValue {
  const value = useContext(HostContext)
  if (!value) throw new Error('HostProvider is missing')
  return value
}

export function useHost(): HostBridge {
  return useHostContext().host
}

export function useReload(): Reload {
  return useHostContext().reload
}
