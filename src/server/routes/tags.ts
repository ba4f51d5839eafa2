import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

export function registerTagRoutes(app: FastifyInstance, services: Services): void {
  const { tags } = services

  route(app, services, endpoints.listPostTags, async ({ organization, query, body }) => {
    const organizationId = organization().organization.id
    // Decision: a business post shows no topic tags (it has business post tags instead).
    if (query.isBusinessPostNotDisplayTags === 'true') return []
    return tags.list(organizationId, { teamId: body?.teamId, memberIds: body?.memberIds })
  })

  route(app, services, endpoints.getUserTags, async ({ organization, body }) => {
    const organizationId = organization().organization.id
    if (body.isBusinessPostNotDisplayTags) return body.userIds.map((userId) => ({ userId, tags: [] }))
    return tags.byUsers(organizationId, body.userIds, body)
  })

  route(app, services, endpoints.createPostTag, async ({ organization, body }) => tags.create(organization(), body))
  route(app, services, endpoints.updatePostTag, async ({ organization, body }) => tags.update(organization(), body))
  route(app, services, endpoints.deletePostTag, async ({ organization, query }) => {
    await tags.remove(organization(), query.tagId)
    return { ok: true as const }
  })

  route(app, services, endpoints.listBusinessPostTags, async ({ organization, query }) => tags.listBusiness(organization().organization.id, query.businessPageId))
  route(app, services, endpoints.createBusinessPostTag, async ({ organization, body }) => tags.createBusiness(organization(), body))
  route(app, services, endpoints.updateBusinessPostTag, async ({ organization, body }) => tags.updateBusiness(organization(), body))
  route(app, services, endpoints.deleteBusinessPostTag, async ({ organization, query }) => {
    await tags.removeBusiness(organization(), query.id)
    return { ok: true as const }
  })
  route(app, services, endpoints.businessPostTagsByPage, async ({ organization, body }) =>
    tags.businessByPages(organization().organization.id, body.businessPageIds, body)
  )
}
