import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route, type Download } from '../http/route'
import type { Services } from '../services'
import type { CsvDownload } from '../services/analytics'

const csv = (file: CsvDownload): Download => ({ contentType: 'text/csv; charset=utf-8', ...file })

/**
 * Analytics (issue 14): thin over services.analytics, in their own scope for the hook below.
 * format=csv answers a streamed text/csv download instead of the JSON.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { analytics } = services

  // A post row links to the sandbox's post viewer on this server as a path: make it the public
  // address (http/publicUrl.ts), as the post endpoints do.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const rows = (payload as { rows?: unknown } | null)?.rows
    if (!Array.isArray(rows)) return payload
    const base = publicBaseUrl(config, request).replace(/\/+$/, '')
    for (const row of rows as { linkedInPostUrl?: unknown }[]) {
      if (typeof row.linkedInPostUrl === 'string' && row.linkedInPostUrl.startsWith('/')) row.linkedInPostUrl = `${base}${row.linkedInPostUrl}`
    }
    return payload
  })

  route(app, services, endpoints.analyticsPosts, async ({ organization, query }) => analytics.posts(organization(), query), {
    download: async ({ organization, query, request }) =>
      query.format === 'csv' ? csv(await analytics.postsCsv(organization(), query, publicBaseUrl(config, request).replace(/\/+$/, ''))) : null
  })
  for (const [endpoint, kind] of [
    [endpoints.analyticsMembers, 'members'],
    [endpoints.analyticsTeams, 'teams'],
    [endpoints.analyticsPages, 'pages']
  ] as const) {
    route(app, services, endpoint, async ({ organization, query }) => analytics.groups(organization(), kind, query), {
      download: async ({ organization, query }) => (query.format === 'csv' ? csv(await analytics.groupsCsv(organization(), kind, query)) : null)
    })
  }
  route(app, services, endpoints.analyticsTimeseries, async ({ organization, query }) => analytics.timeseries(organization(), query), {
    download: async ({ organization, query }) => (query.format === 'csv' ? csv(await analytics.timeseriesCsv(organization(), query)) : null)
  })
}
