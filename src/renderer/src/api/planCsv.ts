import { useCallback } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { useHost } from '@renderer/host/HostContext'
import { downloadApiFile, useCallApi, type IdempotencyPart } from './client'
import { definedFilters, notificationKeys, scheduleKeys, userKeys } from './queryKeys'
import type { InstantRange, ScheduleFilters } from './schedule'

/*
 * The Plan as CSV (issue 17): export the Plan's period and filters, preview an import file's rows,
 * import them. The file travels as text in JSON (the server caps it at 2 MB / 10,000 rows).
 */

/**
 * Saves the Plan as CSV through the host (the server streams it, the renderer never fetches).
 * Resolves false when the user cancelled the desktop's save dialog; rejects with an ApiError when
 * the server refused.
 */
export function useDownloadPlanCsv() {
  const host = useHost()
  return useCallback(
    (range: InstantRange, filters: ScheduleFilters, timezone: string, fileName: string): Promise<boolean> =>
      downloadApiFile(host, endpoints.exportSchedule.path, { ...definedFilters(filters), from: range.from, to: range.to, timezone, format: 'csv' }, fileName),
    [host]
  )
}

/** POST /schedule/import/preview: every row with its problems; nothing is written. */
export function usePreviewPlanImport() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: (csv: string) => callApi(endpoints.previewScheduleImport, { body: { csv } }) })
}

/** POST /schedule/import/commit: every slot or none; then the Plan and the assignees' notifications refresh. */
export function useCommitPlanImport() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ csv, idempotencyKey }: { csv: string } & IdempotencyPart) => callApi(endpoints.commitScheduleImport, { body: { csv }, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all })
      ])
  })
}
