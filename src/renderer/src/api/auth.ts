import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type Session, type createOrganizationBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useReload } from '@renderer/host/HostContext'
import { useHost } from '@renderer/host/HostContext'
import { callApiExpecting, isApiError, useCallApi, type IdempotencyPart } from './client'
import { sessionKeys } from './queryKeys'

/**
 * GET /auth: the session, or a 401 ApiError when signed out. Signed out is an answer, not a failure:
 * it is not logged, and the check is not repeated on every window focus or reconnect (the sign-in
 * screens ask once per load; signing in sets the session, and any other 401 asks again).
 */
export function useSession() {
  const host = useHost()
  const signedIn = (query: { state: { error: unknown } }) => !isApiError(query.state.error, 401)
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: () => callApiExpecting(host, endpoints.getSession, [401]),
    staleTime: STALE_TIMES.user,
    refetchOnWindowFocus: signedIn,
    refetchOnReconnect: signedIn
  })
}

/**
 * Starts a fresh cache for the signed-in user, so nothing cached for someone else leaks through.
 * The session query itself stays (its observers are the gates) and takes the new session.
 */
function useStartSession() {
  const queryClient = useQueryClient()
  return (session: Session) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] })
    queryClient.setQueryData(sessionKeys.current(), session)
  }
}

export function useLogin() {
  const callApi = useCallApi()
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => callApi(endpoints.login, { body }),
    onSuccess: startSession
  })
}

export function useSignup() {
  const callApi = useCallApi()
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: { email: string; password: string; fullName: string }) => callApi(endpoints.signup, { body }),
    onSuccess: startSession
  })
}

/** Signing out ends in a full reload (the caller's), which drops every cached query and the chat session. */
export function useLogout() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: () => callApi(endpoints.logout) })
}

/**
 * Switching reloads the renderer on success (spec §7), at `reloadAt` when given; a failure is only
 * logged (spec §8), which callApi does.
 */
export function useSwitchOrganization() {
  const callApi = useCallApi()
  const reload = useReload()
  return useMutation({
    mutationFn: ({ organizationWorkOSId }: { organizationWorkOSId: string; reloadAt?: string }) =>
      callApi(endpoints.switchOrganization, { body: { organizationWorkOSId } }),
    onSuccess: (_session, { reloadAt }) => reload(reloadAt)
  })
}

export function useCreateOrganization() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof createOrganizationBodySchema> & IdempotencyPart) =>
      callApi(endpoints.createOrganization, { body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries()
  })
}
