import type { FastifyInstance } from 'fastify'
import { v1Endpoints } from '../../../shared/api/v1/contract'
import { v1Route, type V1Deps } from './v1Route'

/* /api/v1/posts: the post use cases (services/posts) with the key as the organization, for the post's author and under their rules. */

export function registerV1PostRoutes(app: FastifyInstance, deps: V1Deps): void {
  const { posts } = deps.services
  v1Route(app, deps, v1Endpoints.listPosts, async ({ actor, query }) => posts.page(actor, query))
  v1Route(app, deps, v1Endpoints.getPost, async ({ actor, params }) => posts.get(actor, params.postId))
  v1Route(app, deps, v1Endpoints.createPost, async ({ actor, body }) => posts.create(actor, body))
  v1Route(app, deps, v1Endpoints.schedulePost, async ({ actor, params, body }) => posts.schedule(actor, { postId: params.postId, ...body }))
  v1Route(app, deps, v1Endpoints.publishPostNow, async ({ actor, params, body }) => posts.publishNow(actor, { postId: params.postId, version: body.version }))
}
