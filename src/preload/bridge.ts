import type { HostBridge, HostEvent } from '@shared/host'
import type { IpcInvokeChannel, IpcPayload, IpcResult } from '@shared/ipc'

/**
 * The desktop HostBridge: each method is one invoke channel of the shared IPC map, and events
 * arrive on IPC_EVENT_CHANNEL. Kept free of Electron (and of runtime imports, so the sandboxed
 * preload bundle stays small) so it is tested with fakes; src/preload/index.ts passes ipcRenderer.
 */
export type Invoke = <C extends IpcInvokeChannel>(channel: C, payload: IpcPayload<C>) => Promise<IpcResult<C>>
export type Subscribe = (listener: (event: HostEvent) => void) => () => void

export function createIpcHostBridge(invoke: Invoke, subscribe: Subscribe): HostBridge {
  return {
    kind: 'desktop',
    request: (req) => invoke('api:request', req),
    onEvent: (listener) => subscribe(listener),
    openExternal: (url) => invoke('shell:open-external', url),
    openApiPage: (path) => invoke('shell:open-api-page', path),
    setTheme: (theme) => invoke('theme:set', theme),
    ready: () => invoke('renderer:ready', undefined),
    beginOAuthRedirect: () => invoke('oauth:begin-redirect', undefined),
    openOAuthPage: (url) => invoke('oauth:open-page', url),
    download: (req) => invoke('api:download', req)
  }
}
