import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

export function registerNotificationRoutes(app: FastifyInstance, services: Services): void {
  const { notifications } = services

  route(app, services, endpoints.listNotifications, async ({ organization, query }) => {
    const s = organization()
    return notifications.list(s.organization.id, s.userId, query)
  })

  route(app, services, endpoints.markNotificationRead, async ({ organization, body }) => {
    const s = organization()
    return { updated: await notifications.markRead(s.organization.id, s.userId, body.id) }
  })
}
