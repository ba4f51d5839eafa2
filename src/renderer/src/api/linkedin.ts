import { useCallback, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf } from '@shared/api/contract'
import { MINUTE_MS } from '@shared/constants'
import type { LinkedInConnection } from '@shared/domain'
import { useNotify } from '@renderer/lib/toasts'
import { useHost } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { useCallApi } from './client'
import { linkedInKeys, userKeys } from './queryKeys'

/** GET /linkedin/connection: who is connected and until when (tokens never leave the server). */
export function useLinkedInConnection() {
  const callApi = useCallApi()
  return useQuery({
    queryKey: linkedInKeys.connection(),
    queryFn: () => callApi(endpoints.getLinkedInConnection),
    staleTime: MINUTE_MS
  })
}

/** POST /linkedin/connect {redirectUri} → the address of LinkedIn's (or the sandbox's) sign-in page. */
function useStartLinkedInConnection() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: (redirectUri: string) => callApi(endpoints.startLinkedInConnection, { body: { redirectUri } }) })
}

/**
 * A change of connection also changes GET /user (isLinkedInConnected, linkedInExpireAt: the
 * banners) and, through the connection, what can be published.
 */
function useConnectionChanged() {
  const queryClient = useQueryClient()
  return (connection: LinkedInConnection) => {
    queryClient.setQueryData(linkedInKeys.connection(), connection)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: linkedInKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all })
    ])
  }
}

export type CompleteLinkedInBody = BodyOf<typeof endpoints.completeLinkedInConnection>

/** POST /linkedin/callback: what came back to /callback (a code, or LinkedIn's error), with its state. */
export function useCompleteLinkedInConnection() {
  const callApi = useCallApi()
  const onSuccess = useConnectionChanged()
  return useMutation({ mutationFn: (body: CompleteLinkedInBody) => callApi(endpoints.completeLinkedInConnection, { body }), onSuccess })
}

/** DELETE /linkedin/connection */
export function useDisconnectLinkedIn() {
  const callApi = useCallApi()
  const onSuccess = useConnectionChanged()
  return useMutation({ mutationFn: () => callApi(endpoints.disconnectLinkedIn), onSuccess })
}

/** Where the user was when connecting started, so /callback can bring them back there. */
export const LINKEDIN_RETURN_KEY = 'pagecrew.linkedin.returnTo'
const CALLBACK_PATH = '/callback'
const DEFAULT_RETURN = '/settings'

/** An address inside this app (no other origin, no protocol-relative or backslash tricks), other than /callback itself. */
function isReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  return pathname !== CALLBACK_PATH && !pathname.startsWith(`${CALLBACK_PATH}/`)
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** Remembers an app path to come back to; /callback and anything off the app are not remembered. */
function rememberLinkedInReturn(path: string): void {
  if (isReturnPath(path)) storage()?.setItem(LINKEDIN_RETURN_KEY, path)
}

/** The remembered path, or /settings. */
export function linkedInReturnPath(): string {
  const stored = storage()?.getItem(LINKEDIN_RETURN_KEY) ?? null
  return stored !== null && isReturnPath(stored) ? stored : DEFAULT_RETURN
}

export function forgetLinkedInReturn(): void {
  storage()?.removeItem(LINKEDIN_RETURN_KEY)
}

/**
 * 'starting': asking the host and the server, then (web) leaving for the sign-in page.
 * 'waiting': desktop only, the sign-in page is open in the system browser.
 */
type LinkedInConnectState = 'idle' | 'starting' | 'waiting'

/**
 * Connecting LinkedIn, the same from the settings card, the banners and /callback's 'Try again':
 * the host gets ready for the provider's answer (beginOAuthRedirect), the server starts the OAuth
 * flow for that redirect URI, the host opens the sign-in page (this tab on the web; the system
 * browser on the desktop, which answers through a host `navigate` event to /callback).
 */
export function useConnectLinkedIn() {
  const host = useHost()
  const notify = useNotify()
  const location = useLocation()
  const { mutateAsync: start } = useStartLinkedInConnection()
  const [state, setState] = useState<LinkedInConnectState>('idle')

  const connect = useCallback(async () => {
    setState('starting')
    try {
      rememberLinkedInReturn(`${location.pathname}${location.search}`)
      const { redirectUri } = await host.beginOAuthRedirect()
      const { authorizationUrl } = await start(redirectUri)
      await host.openOAuthPage(authorizationUrl)
      // On the web this page is going away; on the desktop the user finishes in their browser.
      if (host.kind === 'desktop') setState('waiting')
    } catch (error) {
      setState('idle')
      notify(failureToast('LinkedIn not connected ⚠️', error))
    }
  }, [host, location.pathname, location.search, notify, start])

  const cancel = useCallback(() => setState('idle'), [])

  return { connect, cancel, state }
}
