import { ipcMain, type BrowserWindow } from 'electron'
import { IPC_EVENT_CHANNEL, ipcInvokeChannels, type IpcInvokeChannel } from '@shared/ipc'
import type { IpcHandlers } from '../services/ipc-handlers'
import type { EmitPort } from '../services/ports'

/**
 * Registers one ipcMain.handle per channel of the shared map. The handlers (src/main/services/
 * ipc-handlers.ts) check the sender and validate the payload; here we only say who the sender
 * is: the URL of the top frame that sent it. Subframes (none are expected) get no URL and are refused.
 */
export function registerIpcHandlers(handlers: IpcHandlers): void {
  for (const channel of Object.keys(ipcInvokeChannels) as IpcInvokeChannel[]) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      const frame = event.senderFrame
      const url = frame !== null && frame.parent === null ? frame.url : undefined
      return handlers[channel](url, payload)
    })
  }
}

/** Sends host events to the window's renderer; dropped while there is no window. */
export function createRendererEmitter(getWindow: () => BrowserWindow | null): EmitPort {
  return (event) => {
    const window = getWindow()
    if (window !== null && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event)
  }
}
