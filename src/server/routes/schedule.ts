import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

/** The Plan (issue 5): assigned slots and the shared schedule. Rules: services/slots.ts and services/schedule.ts. */
export function registerScheduleRoutes(app: FastifyInstance, services: Services): void {
  const { slots, schedule } = services

  route(app, services, endpoints.listAssignedSlots, async ({ organization, query }) => schedule.listAssigned(organization(), query))
  route(app, services, endpoints.createAssignedSlots, async ({ organization, body }) => ({ slots: await slots.create(organization(), body) }))
  route(app, services, endpoints.updateAssignedSlot, async ({ organization, body }) => ({ slots: await slots.update(organization(), body) }))
  route(app, services, endpoints.deleteAssignedSlot, async ({ organization, query }) => ({
    deleted: await slots.remove(organization(), query.slotId, query.scope)
  }))
  route(app, services, endpoints.updateSlotTags, async ({ organization, body }) => ({ slots: await slots.updateTags(organization(), body) }))
  route(app, services, endpoints.getSchedule, async ({ organization, query }) => schedule.list(organization(), query))
  route(app, services, endpoints.getCalendar, async ({ organization, query }) => schedule.calendar(organization(), query))
}
