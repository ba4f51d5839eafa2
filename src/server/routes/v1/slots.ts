import { v1Endpoints } from '../../../shared/api/v1/contract'
import { v1Route, type V1Deps } from './v1Route'
import type { FastifyInstance } from 'fastify'

/* /api/v1/slots: the Plan's slot use cases (services/slots, services/schedule) with the key as the assigner. */

export function registerV1SlotRoutes(app: FastifyInstance, deps: V1Deps): void {
  const { services } = deps
  v1Route(app, deps, v1Endpoints.listSlots, async ({ actor, query }) => services.schedule.listSlots(actor, query))

  v1Route(app, deps, v1Endpoints.createSlots, async ({ actor, body }) => {
    const slots = await services.slots.create(actor, {
      assignedUserId: body.assigneeIds,
      time: body.time,
      comment: body.comment,
      autoAssign: false,
      tagId: body.tagId,
      isBusinessPageSlot: (body.businessPageIds ?? []).length > 0,
      businessPageId: body.businessPageIds,
      recurrenceType: body.recurrence?.type ?? null,
      recurrenceInterval: body.recurrence?.interval ?? null,
      recurrenceCount: body.recurrence?.count ?? null,
      businessPostTagId: body.businessPostTagId,
      targetAudience: body.targetAudience,
      postType: body.postType
    })
    return { slots }
  })

  v1Route(app, deps, v1Endpoints.updateSlot, async ({ actor, params, body }) => {
    const slots = await services.slots.update(actor, {
      slotId: params.slotId,
      scope: body.scope,
      time: body.time,
      assigneeId: body.assigneeId,
      comment: body.comment,
      targetAudience: body.targetAudience,
      postType: body.postType,
      businessPageId: body.businessPageIds
    })
    return { slots }
  })

  v1Route(app, deps, v1Endpoints.deleteSlot, async ({ actor, params, query }) => ({
    deleted: await services.slots.remove(actor, params.slotId, query.scope)
  }))
}
