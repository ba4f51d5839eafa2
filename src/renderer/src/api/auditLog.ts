import { useCallback } from 'react'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { API_BASE, endpoints, type QueryOf } from '@shared/api/contract'
import { useHost } from '@renderer/host/HostContext'
import { ApiError, GENERIC_ERROR_MESSAGE, useCallApi } from './client'

/*
 * The audit log (issue 17): admins read it newest first, a page at a time by the server's cursor,
 * and save every matching entry as CSV through the host.
 */

/** Entries per request: a screenful and a half of the table. */
export const AUDIT_LOG_PAGE = 100

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
    async (filters: AuditLogFilters, fileName: string): Promise<boolean> => {
      const path = endpoints.getAuditLog.path
      const url = `GET ${API_BASE}${path}`
      const query = Object.fromEntries(Object.entries({ ...filters, format: 'csv' }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]))
      let result
      try {
        result = await host.download({ path, query, fileName })
      } catch (cause) {
        console.error(`Download failed: ${url}`, cause)
        throw new ApiError({ status: 0, code: 'network_error', message: 'Cannot reach Pagecrew. Check your connection and try again.', url })
      }
      if (result.status < 200 || result.status >= 300) {
        throw new ApiError({ status: result.status, code: `http_${result.status}`, message: GENERIC_ERROR_MESSAGE, url })
      }
      return result.saved
    },
    [host]
  )
}
