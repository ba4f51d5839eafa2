import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf, type QueryOf, type Session } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import type { SsoSettings } from '@shared/domain/sso'
import { useHost } from '@renderer/host/HostContext'
import { useCallApi } from './client'
import { organizationKeys, sessionKeys } from './queryKeys'

const ssoKey = () => [...organizationKeys.all, 'sso'] as const

/** GET /organization/sso (admins). */
export function useSsoSettings() {
  const callApi = useCallApi()
  return useQuery({ queryKey: ssoKey(), queryFn: () => callApi(endpoints.getSso) })
}

function useSettingsChanged() {
  const queryClient = useQueryClient()
  return (settings: SsoSettings) => queryClient.setQueryData(ssoKey(), settings)
}

/** PUT /organization/sso */
export function useSaveSso() {
  const callApi = useCallApi()
  const onSuccess = useSettingsChanged()
  return useMutation({ mutationFn: (body: BodyOf<typeof endpoints.putSso>) => callApi(endpoints.putSso, { body }), onSuccess })
}

/** POST /organization/sso/verify-domain */
export function useVerifySsoDomain() {
  const callApi = useCallApi()
  const onSuccess = useSettingsChanged()
  return useMutation({ mutationFn: (domain: string) => callApi(endpoints.verifySsoDomain, { body: { domain } }), onSuccess })
}

/** POST /auth/sso/discover: whether the email's domain signs in with SSO. */
export function useDiscoverSso(email: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: ['sso-discover', email] as const,
    queryFn: () => callApi(endpoints.discoverSso, { body: { email: email! } }),
    enabled: email !== null,
    staleTime: STALE_TIMES.user
  })
}

/**
 * Marks the sign-in under way in this tab, so /callback knows the provider's answer is a
 * single sign-on's (LinkedIn's connection sends its answers there too).
 */
const SSO_PENDING_KEY = 'pagecrew.sso.pending'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export const isSsoPending = () => storage()?.getItem(SSO_PENDING_KEY) === '1'
export const forgetSsoPending = () => storage()?.removeItem(SSO_PENDING_KEY)

/**
 * Where the auth gate found the user (an approve link, issue 28), kept across the provider's page
 * so single sign-on returns there as the password sign-in does. Read once; only an in-app path.
 */
const SSO_RETURN_KEY = 'pagecrew.sso.return'
export function takeSsoReturnPath(): string | null {
  const value = storage()?.getItem(SSO_RETURN_KEY) ?? null
  storage()?.removeItem(SSO_RETURN_KEY)
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null
}

/**
 * Continue with SSO: the host gets ready for the provider's answer (this tab's /callback on the web;
 * the loopback listener or pagecrew://callback on the desktop, like LinkedIn's connection), the
 * server starts the sign-in for that address, the host opens the provider's page.
 */
export function useStartSso() {
  const host = useHost()
  const callApi = useCallApi()
  return useMutation({
    mutationFn: async (input: string | { email: string; returnTo: string | null }) => {
      const { email, returnTo } = typeof input === 'string' ? { email: input, returnTo: null } : input
      const { redirectUri } = await host.beginOAuthRedirect()
      const { url } = await callApi(endpoints.startSso, { body: { email, redirectUri } })
      storage()?.setItem(SSO_PENDING_KEY, '1')
      if (returnTo) storage()?.setItem(SSO_RETURN_KEY, returnTo)
      else storage()?.removeItem(SSO_RETURN_KEY)
      await host.openOAuthPage(url)
    }
  })
}

/** GET /auth/sso/callback: the provider's answer; signed in on success, with a fresh cache. */
export function useCompleteSso() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (query: QueryOf<typeof endpoints.ssoCallback>) => callApi(endpoints.ssoCallback, { query }),
    onSuccess: (session: Session) => {
      forgetSsoPending()
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] })
      queryClient.setQueryData(sessionKeys.current(), session)
    }
  })
}
