import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

/** The audit log (issue 17): read-only; format=csv answers a streamed text/csv download. */
export function registerAuditLogRoutes(app: FastifyInstance, services: Services): void {
  const { auditLog } = services
  route(app, services, endpoints.getAuditLog, async ({ organization, query }) => auditLog.list(organization(), query), {
    download: async ({ organization, query }) =>
      query.format === 'csv' ? { contentType: 'text/csv; charset=utf-8', ...(await auditLog.csv(organization(), query)) } : null
  })
}
