import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf } from '@shared/api/contract'
import type { Guideline } from '@shared/domain/guideline'
import { useCallApi } from './client'
import { guidelineKeys, userKeys } from './queryKeys'

const GUIDELINE_STALE_TIME = 60_000

/** GET /organization/guideline: the text and whether the user has read the current version. */
export function useGuideline(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: guidelineKeys.current(), queryFn: () => callApi(endpoints.getGuideline), staleTime: GUIDELINE_STALE_TIME, enabled: options.enabled })
}

/** Admins: every active member and whether they have read the current version. */
export function useGuidelineReaders(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: guidelineKeys.readers(), queryFn: () => callApi(endpoints.getGuidelineReaders), staleTime: GUIDELINE_STALE_TIME, enabled: options.enabled })
}

/** Admins write (or, with an empty text, remove) the guideline; readings and the banner follow. */
export function useUpdateGuideline() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.updateGuideline>) => callApi(endpoints.updateGuideline, { body }),
    onSuccess: async (guideline: Guideline) => {
      queryClient.setQueryData(guidelineKeys.current(), guideline)
      await Promise.all([queryClient.invalidateQueries({ queryKey: guidelineKeys.readers() }), queryClient.invalidateQueries({ queryKey: userKeys.all })])
    }
  })
}

/** The user confirms reading the guideline (read: false withdraws it): GET /user's guidelineRead and the banner follow. */
export function useMarkGuidelineRead() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (read: boolean) => callApi(endpoints.updateGuidelineReadStatus, { body: { read } }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.current(), user)
      await Promise.all([queryClient.invalidateQueries({ queryKey: guidelineKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })])
    }
  })
}
