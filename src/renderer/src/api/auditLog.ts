import { useCallback } from 'react'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { endpoints, type QueryOf } from '@shared/api/contract'
import { useHost } from '@renderer/host/HostContext'
import { downloadApiFile, useCallApi } from './client'

/*
 * The audit log (issue 17): admins read it newest first, a page at a time by the server's cursor,
 * and save every matching entry as CSV through the host.
 */

/** Entries per request: a screenful and a half of the table. */
const AUDIT_LOG_PAGE = 100

export type AuditLogFilters = Pick<QueryOf<typeof endpoints.getAuditLog>, 'actorId' | 'action' | 'from' | 'to'>

const auditLogKey = (filters: AuditLogFilters) => ['auditLog', filters] as const

/** GET /organization/audit-log: pages of AUDIT_LOG_PAGE entries, each after the previous one's cursor. */
export function useAuditLog(filters: AuditLogFilters) {
  const callApi = useCallApi()
  return useInfiniteQuery({
    queryKey: auditLogKey(filters),
    queryFn: ({ pageParam }) => callApi(endpoints.getAuditLog, { query: { ...filters, cursor: pageParam ?? undefined, limit: AUDIT_LOG_PAGE } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The entries of the previous filters stay on screen while the new ones load.
    placeholderData: keepPreviousData
  })
}

/**
 * Saves the log as CSV with the filters on screen: the server streams it (format=csv), the host
 * saves it (the renderer never fetches itself). Resolves false when the user cancelled the desktop's
 * save dialog; rejects with an ApiError when the server refused.
 */
export function useDownloadAuditLogCsv() {
  const host = useHost()
  return useCallback(
    (filters: AuditLogFilters, fileName: string): Promise<boolean> =>
      downloadApiFile(host, endpoints.getAuditLog.path, { ...filters, format: 'csv' }, fileName),
    [host]
  )
}
