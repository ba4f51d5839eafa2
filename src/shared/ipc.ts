import { z } from 'zod'
import { apiPagePathSchema, externalUrlSchema, hostDownloadSchema, hostRequestSchema, oauthPageUrlSchema, type HostDownloadResult, type HostResponse, type OAuthRedirect } from './host'
import { themeSchema } from './domain'

/**
 * IPC channels declared once (renderer -> main invoke channels and main -> renderer events), so
 * preload, main and the desktop test harness all derive from the same map.
 */
export const ipcInvokeChannels = {
  'api:request': { payload: hostRequestSchema },
  'api:download': { payload: hostDownloadSchema },
  'shell:open-external': { payload: externalUrlSchema },
  'shell:open-api-page': { payload: apiPagePathSchema },
  'theme:set': { payload: themeSchema },
  'renderer:ready': { payload: z.undefined() },
  'oauth:begin-redirect': { payload: z.undefined() },
  'oauth:open-page': { payload: oauthPageUrlSchema }
} as const

export type IpcInvokeChannel = keyof typeof ipcInvokeChannels
export type IpcPayload<C extends IpcInvokeChannel> = z.infer<(typeof ipcInvokeChannels)[C]['payload']>

/** What each invoke channel resolves with. */
interface IpcInvokeResults {
  'api:request': HostResponse
  'api:download': HostDownloadResult
  'shell:open-external': void
  'shell:open-api-page': void
  'theme:set': void
  'renderer:ready': void
  'oauth:begin-redirect': OAuthRedirect
  'oauth:open-page': void
}
export type IpcResult<C extends IpcInvokeChannel> = IpcInvokeResults[C]

export const IPC_EVENT_CHANNEL = 'host:event'

export function isIpcInvokeChannel(value: string): value is IpcInvokeChannel {
  return Object.prototype.hasOwnProperty.call(ipcInvokeChannels, value)
}
