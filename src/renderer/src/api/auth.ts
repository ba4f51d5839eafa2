import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type Session, type createOrganizationBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useReload } from '@renderer/host/HostContext'
import { useCallApi, type IdempotencyPart } from './client'
import { sessionKeys } from './queryKeys'

export function useSession() {
  const callApi = useCallApi()
  return useQuery({ queryKey: sessionKeys.current(), queryFn: () => callApi(endpoints.getSession), staleTime: STALE_TIMES.user })
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
