import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, toTeamFormFields, type TeamFormInput } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi, useCallMultipartApi, type IdempotencyPart, type MultipartFields, type UploadFile } from './client'
import { entitlementKeys, memberKeys, postTagKeys, teamKeys, userKeys } from './queryKeys'

export function useTeams(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: teamKeys.list(), queryFn: () => callApi(endpoints.listTeams), staleTime: STALE_TIMES.teams, enabled: options.enabled })
}

/** A team form to save: the fields of spec §7, the image to upload (or imageRemoved), and the submission's key. */
interface TeamSave extends IdempotencyPart {
  team: TeamFormInput
  image: UploadFile | null
}

/** Teams change members' teams, leaders' leadingTeams, tag filters and the TEAMS usage. */
function useTeamsChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: postTagKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all })
    ])
}

/** POST /team/create and PUT /team/update as multipart/form-data (spec §7). */
export function useSaveTeam() {
  const callMultipart = useCallMultipartApi()
  const onSuccess = useTeamsChanged()
  return useMutation({
    mutationFn: ({ team, image, idempotencyKey }: TeamSave) => {
      const endpoint = team.id === undefined ? endpoints.createTeam : endpoints.updateTeam
      // toTeamFormFields is the contract's encoder for exactly these fields.
      const fields = toTeamFormFields(team) as MultipartFields<typeof endpoint>
      return callMultipart(endpoint, { fields, file: image, idempotencyKey })
    },
    onSuccess
  })
}

export function useDeleteTeam() {
  const callApi = useCallApi()
  const onSuccess = useTeamsChanged()
  return useMutation({ mutationFn: (teamId: string) => callApi(endpoints.deleteTeam, { query: { teamId } }), onSuccess })
}
