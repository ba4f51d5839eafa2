import { z } from 'zod'
import { apiErrorMessageOf, type HostRequest, type HostResponse } from '@shared/host'
import { ipcInvokeChannels, type IpcInvokeChannel, type IpcPayload, type IpcResult } from '@shared/ipc'
import type { ApiClient } from './api-client'
import type { DeepLinkRouter } from './deep-link'
import { consoleLog, type Log } from './log'
import type { OAuthLoopback } from './oauth-loopback'
import type { SaveFilePort, ShellPort, ThemePort } from './ports'
import type { UnreadWatcher } from './unread-watcher'

/**
 * One handler per channel of `ipcInvokeChannels`, derived from the shared map so a channel cannot
 * be missed or answered with the wrong type. Every call is checked twice before anything runs
 * (VS Code's validated IPC): the sender must be the app's own renderer, and the payload must pass
 * the channel's zod schema. src/main/electron/ipc.ts registers these with ipcMain.handle; the
 * desktop e2e harness calls them directly.
 */
type IpcHandler<C extends IpcInvokeChannel> = (senderUrl: string | undefined, payload: unknown) => Promise<IpcResult<C>>
export type IpcHandlers = { [C in IpcInvokeChannel]: IpcHandler<C> }

interface IpcHandlerOptions {
  api: Pick<ApiClient, 'request' | 'fetchBinary' | 'urlOf'>
  watcher: Pick<UnreadWatcher, 'refreshNow'>
  deepLinks: Pick<DeepLinkRouter, 'ready'>
  oauth: Pick<OAuthLoopback, 'begin'>
  shell: ShellPort
  theme: ThemePort
  files: SaveFilePort
  isTrustedSender: (url: string | undefined) => boolean
  log?: Log
}

/** A check that accepts only frames whose URL is on one of `trustedOrigins` (scheme, host and port). */
export function createSenderCheck(trustedOrigins: readonly string[]): (url: string | undefined) => boolean {
  const trusted = new Set(trustedOrigins.map(originKey).filter((key) => key !== null))
  return (url) => {
    const key = url === undefined ? null : originKey(url)
    return key !== null && trusted.has(key)
  }
}

/** `scheme://host[:port]`; URL.origin is 'null' for custom schemes such as app:, so build it ourselves. */
function originKey(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.host === '' || url.username !== '' || url.password !== '') return null
    return `${url.protocol}//${url.host}`
  } catch {
    return null
  }
}

/** Requests after which the unread counts may have changed, so the tray follows at once. */
const COUNT_CHANGING_REQUESTS: ReadonlyArray<readonly [HostRequest['method'], string]> = [
  ['POST', '/auth/login'],
  ['POST', '/auth/signup'],
  ['GET', '/auth/logout'],
  ['POST', '/auth/switch-organization'],
  ['POST', '/auth/create-organization'],
  ['PUT', '/notification/mark-as-read']
]

function changesCounts(req: HostRequest, res: HostResponse): boolean {
  return res.status >= 200 && res.status < 300 && COUNT_CHANGING_REQUESTS.some(([method, path]) => req.method === method && req.path === path)
}

export function createIpcHandlers({ api, watcher, deepLinks, oauth, shell, theme, files, isTrustedSender, log = consoleLog('ipc') }: IpcHandlerOptions): IpcHandlers {
  function guarded<C extends IpcInvokeChannel>(channel: C, run: (payload: IpcPayload<C>) => Promise<IpcResult<C>>): IpcHandler<C> {
    // The map ties each channel to its schema; TypeScript cannot follow that through the generic C.
    const schema = ipcInvokeChannels[channel].payload as unknown as z.ZodType<IpcPayload<C>>
    return async (senderUrl, payload) => {
      if (!isTrustedSender(senderUrl)) {
        log.warn(`Refused '${channel}' from an untrusted sender ${JSON.stringify(String(senderUrl).slice(0, 200))}.`)
        throw new Error(`'${channel}' is only available to the Pagecrew window.`)
      }
      const parsed = schema.safeParse(payload)
      if (!parsed.success) throw new Error(`Invalid '${channel}' payload: ${z.prettifyError(parsed.error)}`)
      return run(parsed.data)
    }
  }

  return {
    'api:request': guarded('api:request', async (req) => {
      const res = await api.request(req)
      if (changesCounts(req, res)) {
        watcher.refreshNow().catch((error: unknown) => log.error('Could not refresh unread counts.', error))
      }
      return res
    }),
    // Main fetches the file with the session (the renderer never holds it) and saves it where the user says.
    'api:download': guarded('api:download', async ({ path, query, fileName }) => {
      const res = await api.fetchBinary(path, query)
      if (res.status < 200 || res.status >= 300) {
        const message = apiErrorMessageOf(new TextDecoder().decode(res.body))
        return { status: res.status, saved: false, ...(message ? { message } : {}) }
      }
      return { status: res.status, saved: await files.save(fileName, res.body) }
    }),
    'shell:open-external': guarded('shell:open-external', (url) => shell.openExternal(url)),
    // The renderer is not served by the API server (app://), so only main knows the server's address.
    'shell:open-api-page': guarded('shell:open-api-page', async (path) => shell.openExternal(await api.urlOf(path))),
    'theme:set': guarded('theme:set', async (value) => theme.setTheme(value)),
    'renderer:ready': guarded('renderer:ready', async () => deepLinks.ready()),
    'oauth:begin-redirect': guarded('oauth:begin-redirect', () => oauth.begin()),
    // The sign-in page opens in the user's browser, where their LinkedIn session and password manager are (RFC 8252).
    'oauth:open-page': guarded('oauth:open-page', (url) => shell.openExternal(url))
  }
}
