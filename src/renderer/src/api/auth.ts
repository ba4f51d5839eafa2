import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type Session, type createOrganizationBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import type { HostBridge } from '@shared/host'
import { useReload } from '@renderer/host/HostContext'
import { useHost } from '@renderer/host/HostContext'
import { callApiExpecting, isApiError, useCallApi, type IdempotencyPart } from './client'
import { sessionKeys } from './queryKeys'

/**
 * GET /auth: the session, or null when signed out (the server's 200 with null; a 401 reads the same,
 * as from a server that still refuses). Signed out is an answer, not a failure: it is not logged,
 * and the check is not repeated on every window focus or reconnect (the sign-in screens ask once
 * per load; signing in sets the session, and a 401 from any other call asks again).
 */
export function useSession() {
  const host = useHost()
  const signedIn = (query: { state: { data: unknown } }) => query.state.data !== null
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: () => readSession(host),
    staleTime: STALE_TIMES.user,
    refetchOnWindowFocus: signedIn,
    refetchOnReconnect: signedIn
  })
}

async function readSession(host: HostBridge): Promise<Session | null> {
  try {
    return await callApiExpecting(host, endpoints.getSession, [401])
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
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
