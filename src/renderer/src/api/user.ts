import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES, USER_REFETCH_INTERVAL_MS } from '@shared/constants'
import type { User } from '@shared/domain'
import { useCallApi, useCallMultipartApi, type UploadFile } from './client'
import { analyticsKeys, dashboardKeys, memberKeys, postKeys, reviewKeys, scheduleKeys, sessionKeys, teamEffortKeys, teamKeys, userKeys } from './queryKeys'

/** The signed-in user, refetched every 30 s so unread counts stay fresh (spec §7, §9). */
export function useUser(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: userKeys.current(),
    queryFn: () => callApi(endpoints.getUser),
    staleTime: STALE_TIMES.user,
    refetchInterval: USER_REFETCH_INTERVAL_MS,
    enabled: options.enabled
  })
}

function useUserUpdated() {
  const queryClient = useQueryClient()
  return async (user: User) => {
    queryClient.setQueryData(userKeys.current(), user)
    await queryClient.invalidateQueries({ queryKey: userKeys.all })
  }
}

export function useUpdateUserDetails() {
  const callApi = useCallApi()
  const onSuccess = useUserUpdated()
  return useMutation({
    mutationFn: (body: { fullName?: string; timezone?: string; image?: string | null }) =>
      callApi(endpoints.updateUserDetails, { body }),
    onSuccess
  })
}

/**
 * The user's face is on many screens: GET /user (top bar) from the answer, and every list that
 * shows people (members, team cards, the Plan, posts and reviews, Team effort, Analytics, the
 * dashboard) refetched when next shown.
 */
function usePhotoChanged() {
  const queryClient = useQueryClient()
  const onUserUpdated = useUserUpdated()
  return async (user: User) => {
    await onUserUpdated(user)
    const showingPeople = [memberKeys, teamKeys, scheduleKeys, postKeys, reviewKeys, teamEffortKeys, analyticsKeys, dashboardKeys]
    await Promise.all(showingPeople.map((keys) => queryClient.invalidateQueries({ queryKey: keys.all })))
  }
}

/** POST /user/photo (multipart): the cropped photo becomes User.image. */
export function useUploadUserPhoto() {
  const callMultipart = useCallMultipartApi()
  const onSuccess = usePhotoChanged()
  return useMutation({ mutationFn: (photo: UploadFile) => callMultipart(endpoints.uploadUserPhoto, { fields: {}, file: photo }), onSuccess })
}

/** DELETE /user/photo: no photo (the initials show again). */
export function useRemoveUserPhoto() {
  const callApi = useCallApi()
  const onSuccess = usePhotoChanged()
  return useMutation({ mutationFn: () => callApi(endpoints.removeUserPhoto), onSuccess })
}

/** Needs the current password (issue 12); the server signs the user's other sessions out. */
export function useUpdateUserEmail() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  const onUserUpdated = useUserUpdated()
  return useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) => callApi(endpoints.updateUserEmail, { body }),
    onSuccess: async (user) => {
      await onUserUpdated(user)
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    }
  })
}

/** Changes the password (the current one is checked); the user's other sessions end, this one stays. */
export function useUpdatePassword() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => callApi(endpoints.updatePassword, { body })
  })
}

/** Ends every session of the user, this one included; the caller then reloads at /login, like Log out. */
export function useLogoutEverywhere() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: () => callApi(endpoints.logoutEverywhere) })
}
