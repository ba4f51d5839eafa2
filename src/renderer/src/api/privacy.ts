import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import type { OrganizationPrivacy, PersonalDataExport } from '@shared/domain/privacy'
import { useHost } from '@renderer/host/HostContext'
import { downloadApiFile, useCallApi, type IdempotencyPart } from './client'
import { memberKeys } from './queryKeys'

/*
 * Each person's data, out and erased (issue 28): Settings → Privacy, and an admin's Export data /
 * Erase account on a member. An export being prepared is polled every 2 s until it is ready.
 */

export const privacyKeys = {
  all: ['privacy'] as const,
  ownExports: () => [...privacyKeys.all, 'exports', 'own'] as const,
  memberExports: (userId: string) => [...privacyKeys.all, 'exports', 'member', userId] as const,
  ownErasure: () => [...privacyKeys.all, 'erasure', 'own'] as const,
  memberErasure: (userId: string) => [...privacyKeys.all, 'erasure', 'member', userId] as const,
  organization: () => [...privacyKeys.all, 'organization'] as const
}

const PREPARING_POLL_MS = 2000

const preparing = (exports: readonly PersonalDataExport[] | undefined) => exports?.some((e) => e.status === 'queued' || e.status === 'running') ?? false

/** GET /user/privacy/exports, polled while one is being prepared. */
export function useOwnDataExports() {
  const callApi = useCallApi()
  return useQuery({
    queryKey: privacyKeys.ownExports(),
    queryFn: () => callApi(endpoints.listOwnDataExports),
    refetchInterval: (query) => (preparing(query.state.data?.exports) ? PREPARING_POLL_MS : false)
  })
}

export function useRequestOwnDataExport() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ idempotencyKey }: IdempotencyPart) => callApi(endpoints.requestOwnDataExport, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.ownExports() })
  })
}

/** GET /members/privacy/exports for one member (admins), polled while one is being prepared. */
export function useMemberDataExports(userId: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: privacyKeys.memberExports(userId ?? ''),
    queryFn: () => callApi(endpoints.listMemberDataExports, { query: { userId: userId! } }),
    enabled: userId !== null,
    refetchInterval: (query) => (preparing(query.state.data?.exports) ? PREPARING_POLL_MS : false)
  })
}

export function useRequestMemberDataExport() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, idempotencyKey }: { userId: string } & IdempotencyPart) => callApi(endpoints.requestMemberDataExport, { body: { userId }, idempotencyKey }),
    onSuccess: (_, { userId }) => queryClient.invalidateQueries({ queryKey: privacyKeys.memberExports(userId) })
  })
}

/** Saves an export's ZIP through the host; false when the user cancelled the desktop's save dialog. */
export function useDownloadDataExport() {
  const host = useHost()
  return useCallback(
    (exported: PersonalDataExport) =>
      downloadApiFile(host, endpoints.downloadDataExport.path, { exportId: exported.id }, `pagecrew-data-${exported.createdAt.slice(0, 10)}.zip`),
    [host]
  )
}

export function useOwnErasurePreview(enabled: boolean) {
  const callApi = useCallApi()
  return useQuery({ queryKey: privacyKeys.ownErasure(), queryFn: () => callApi(endpoints.getOwnErasurePreview), enabled })
}

export function useMemberErasurePreview(userId: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: privacyKeys.memberErasure(userId ?? ''),
    queryFn: () => callApi(endpoints.getMemberErasurePreview, { query: { userId: userId! } }),
    enabled: userId !== null
  })
}

export function useEraseOwnAccount() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: ({ confirmation, currentPassword, idempotencyKey }: { confirmation: string; currentPassword?: string } & IdempotencyPart) =>
      callApi(endpoints.eraseOwnAccount, { body: { confirmation, currentPassword }, idempotencyKey })
  })
}

export function useEraseMemberAccount() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, confirmation, idempotencyKey }: { userId: string; confirmation: string } & IdempotencyPart) =>
      callApi(endpoints.eraseMemberAccount, { body: { userId, confirmation }, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all })
  })
}

export function useOrganizationPrivacy() {
  const callApi = useCallApi()
  return useQuery({ queryKey: privacyKeys.organization(), queryFn: () => callApi(endpoints.getOrganizationPrivacy) })
}

export function useUpdateOrganizationPrivacy() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrganizationPrivacy) => callApi(endpoints.updateOrganizationPrivacy, { body }),
    onSuccess: (answer) => queryClient.setQueryData(privacyKeys.organization(), answer)
  })
}
