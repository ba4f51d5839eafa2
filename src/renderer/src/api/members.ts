import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type inviteMemberBodySchema, type updateMemberBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import type { Member } from '@shared/domain'
import { useCallApi, type IdempotencyPart } from './client'
import { entitlementKeys, memberKeys, organizationKeys, postTagKeys, teamKeys, userKeys } from './queryKeys'

/** Rows per page of the members table; the server allows up to 200. */
const MEMBERS_PAGE_SIZE = 100
/** The pickers read every member, a page of the largest size at a time. */
const ALL_MEMBERS_PAGE_SIZE = 200

/** The members table: pages of the server's list, loaded as the table scrolls (GET /members/list). */
export function useMemberPages(search: string, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  const term = search.trim()
  return useInfiniteQuery({
    queryKey: memberKeys.list(term),
    queryFn: ({ pageParam }) =>
      callApi(endpoints.listMembers, { query: { page: pageParam, pageSize: MEMBERS_PAGE_SIZE, search: term === '' ? undefined : term } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: STALE_TIMES.members,
    enabled: options.enabled
  })
}

/** Every member of the organization, for the member pickers (team members, tag assignment). */
export function useAllMembers(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: memberKeys.everyone(),
    queryFn: async (): Promise<Member[]> => {
      const members: Member[] = []
      for (let page = 1; ; page++) {
        const answer = await callApi(endpoints.listMembers, { query: { page, pageSize: ALL_MEMBERS_PAGE_SIZE } })
        members.push(...answer.members)
        if (answer.members.length === 0 || page * answer.pageSize >= answer.total) return members
      }
    },
    staleTime: STALE_TIMES.members,
    enabled: options.enabled
  })
}

/** The emails the organization sent (the built-in mail outbox), newest first. */
export function useOutbox(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: memberKeys.outbox(), queryFn: () => callApi(endpoints.listOutbox), staleTime: STALE_TIMES.members, enabled: options.enabled })
}

/** After a member changes: members, and what counts or shows them (seats, teams, tags, the user). */
function useMembersChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: postTagKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all })
    ])
}

export function useInviteMember() {
  const callApi = useCallApi()
  const onSuccess = useMembersChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof inviteMemberBodySchema> & IdempotencyPart) =>
      callApi(endpoints.inviteMember, { body, idempotencyKey }),
    onSuccess
  })
}

export function useUpdateMember() {
  const callApi = useCallApi()
  const onSuccess = useMembersChanged()
  return useMutation({
    mutationFn: (body: z.input<typeof updateMemberBodySchema>) => callApi(endpoints.updateMember, { body }),
    onSuccess
  })
}

export function useDeleteMember() {
  const callApi = useCallApi()
  const onSuccess = useMembersChanged()
  return useMutation({
    mutationFn: (userId: string) => callApi(endpoints.deleteMember, { query: { userId } }),
    onSuccess
  })
}
