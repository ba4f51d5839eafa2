import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi } from './client'
import { organizationKeys, userKeys } from './queryKeys'

export function useOrganization() {
  const callApi = useCallApi()
  return useQuery({
    queryKey: organizationKeys.current(),
    queryFn: () => callApi(endpoints.getOrganization),
    staleTime: STALE_TIMES.organization
  })
}

export function useUpdateOrganizationSettings() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string }) => callApi(endpoints.updateOrganizationSettings, { body }),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.current(), organization)
      // The user's organization list carries the names shown in the avatar menu.
      await queryClient.invalidateQueries({ queryKey: userKeys.all })
    }
  })
}

/** DELETE /organization (ADMIN only); the caller then goes to sign-in (spec §7) with a full reload. */
export function useDeleteOrganization() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: () => callApi(endpoints.deleteOrganization) })
}
