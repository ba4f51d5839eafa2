import type { FastifyInstance } from 'fastify'
import { endpoints, PLAN_IMPORT_MAX_CHARS } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { AnswerCache } from '../http/answerCache'
import { route } from '../http/route'
import type { Services } from '../services'
import { calendarExpiresAt } from '../services/schedule'

/**
 * The Plan (issue 5): assigned slots and the shared schedule; the Plan as CSV (issue 17). Rules:
 * services/slots/, services/schedule/ and services/planCsv/.
 */
export function registerScheduleRoutes(app: FastifyInstance, services: Services, config: Pick<ServerConfig, 'calendarCacheBytes'>): void {
  const { slots, schedule, planCsv } = services
  // The calendar's answers, served again while the organization's Plan version holds (issue 16).
  const calendarAnswers = config.calendarCacheBytes > 0 ? new AnswerCache(config.calendarCacheBytes) : null

  route(app, services, endpoints.listAssignedSlots, async ({ organization, query }) => schedule.listAssigned(organization(), query))
  route(app, services, endpoints.createAssignedSlots, async ({ organization, body }) => ({ slots: await slots.create(organization(), body) }))
  route(app, services, endpoints.updateAssignedSlot, async ({ organization, body }) => ({ slots: await slots.update(organization(), body) }))
  route(app, services, endpoints.deleteAssignedSlot, async ({ organization, query }) => ({
    deleted: await slots.remove(organization(), query.slotId, query.scope)
  }))
  route(app, services, endpoints.updateSlotTags, async ({ organization, body }) => ({ slots: await slots.updateTags(organization(), body) }))
  route(app, services, endpoints.getSchedule, async ({ organization, query }) => schedule.list(organization(), query))
  route(app, services, endpoints.getCalendar, async ({ organization, query }) => schedule.calendar(organization(), query), {
    cache: calendarAnswers
      ? {
          store: calendarAnswers,
          ticket: ({ organization, query }) => schedule.calendarTicket(organization(), query),
          expiresAt: (answer) => calendarExpiresAt(answer)
        }
      : undefined
  })
  route(app, services, endpoints.exportSchedule, () => Promise.reject(new Error('GET /schedule/export always answers a download')), {
    download: async ({ organization, query }) => ({ contentType: 'text/csv; charset=utf-8', ...(await planCsv.exportCsv(organization(), query)) })
  })
  // The CSV travels as a JSON string: room for its escapes beyond PLAN_IMPORT_MAX_CHARS, which the contract checks with a clear message.
  const importLimit = { bodyLimit: PLAN_IMPORT_MAX_CHARS * 2 }
  route(app, services, endpoints.previewScheduleImport, async ({ organization, body }) => planCsv.preview(organization(), body.csv), importLimit)
  route(app, services, endpoints.commitScheduleImport, async ({ organization, body }) => planCsv.commit(organization(), body.csv), importLimit)
}
