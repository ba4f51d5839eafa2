import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { HostEvent } from '@shared/host'
import type { IPC_EVENT_CHANNEL } from '@shared/ipc'
import { createIpcHostBridge } from './bridge'

/**
 * Runs sandboxed before the renderer: exposes the HostBridge as `window.pagecrew` and nothing
 * else — no ipcRenderer, no Node. The bundle (out/preload/index.cjs) requires only 'electron' and
 * uses no other Node global, so the desktop e2e harness runs it in a plain page as
 * `new Function('require', source)(fakeRequire)`, where fakeRequire('electron') returns
 * { contextBridge: { exposeInMainWorld(key, api) { window[key] = api } },
 *   ipcRenderer: { invoke(channel, payload) -> main's handler, on(channel, (event, hostEvent) => …), removeListener } }.
 */

// Typed against the shared constant without importing its module (and zod) into the sandbox.
const EVENT_CHANNEL: typeof IPC_EVENT_CHANNEL = 'host:event'

const bridge = createIpcHostBridge(
  (channel, payload) => ipcRenderer.invoke(channel, payload),
  (listener) => {
    const forward = (_event: IpcRendererEvent, hostEvent: HostEvent) => listener(hostEvent)
    ipcRenderer.on(EVENT_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward)
    }
  }
)

contextBridge.exposeInMainWorld('pagecrew', bridge)
