import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'

/**
 * Collaborate (issue 13): thin over services.review, in their own scope for the hook below. Every
 * change answers the whole review thread.
 */
export function registerReviewRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { review } = services

  // The thread's post links to the sandbox's post viewer on this server as a path: make it the
  // public address (http/publicUrl.ts), as the post endpoints do.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const post = (payload as { post?: { linkedInPostUrl?: unknown; reshare?: { linkedInPostUrl?: unknown } | null } } | null)?.post
    const base = publicBaseUrl(config, request).replace(/\/+$/, '')
    if (post && typeof post.linkedInPostUrl === 'string' && post.linkedInPostUrl.startsWith('/')) post.linkedInPostUrl = `${base}${post.linkedInPostUrl}`
    // A reshare of one of the organization's posts (issue 15) names that post's address too.
    const reshared = post?.reshare
    if (reshared && typeof reshared.linkedInPostUrl === 'string' && reshared.linkedInPostUrl.startsWith('/')) reshared.linkedInPostUrl = `${base}${reshared.linkedInPostUrl}`
    return payload
  })

  route(app, services, endpoints.requestReview, async ({ organization, body }) => review.requestReview(organization(), body))
  route(app, services, endpoints.withdrawReview, async ({ organization, body }) => review.withdraw(organization(), body.postId))
  route(app, services, endpoints.reviewInbox, async ({ organization, query }) => review.inbox(organization(), query))
  route(app, services, endpoints.reviewThread, async ({ organization, query }) => review.thread(organization(), query.postId))
  route(app, services, endpoints.reviewCandidates, async ({ organization, query }) => review.candidates(organization(), query))
  route(app, services, endpoints.createFeedback, async ({ organization, body }) => review.createFeedback(organization(), body))
  route(app, services, endpoints.resolveFeedback, async ({ organization, body }) => review.resolveFeedback(organization(), body))
  route(app, services, endpoints.acceptSuggestion, async ({ organization, body }) => review.acceptSuggestion(organization(), body))
  route(app, services, endpoints.dismissSuggestion, async ({ organization, body }) => review.dismissSuggestion(organization(), body.feedbackId))
  route(app, services, endpoints.submitForApproval, async ({ organization, body }) => review.submitForApproval(organization(), body))
  route(app, services, endpoints.approvePost, async ({ organization, body }) => review.approve(organization(), body))
  route(app, services, endpoints.rejectPost, async ({ organization, body }) => review.reject(organization(), body))
  // Approve links (issue 28): the page at /approve/:token reads what a link does, then uses it.
  // Links written outside a request (emails, chat messages) carry this server's address while
  // PAGECREW_PUBLIC_URL is unset, as invitation links do (http/publicUrl.ts).
  app.server.once('listening', () => {
    const address = app.server.address()
    if (typeof address !== 'object' || !address) return
    const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address
    services.approveLinks.listeningAt(`http://${host}:${address.port}`)
  })
  route(app, services, endpoints.approveLinkInfo, async ({ organization, query }) => services.approveLinks.info(organization(), query.token))
  route(app, services, endpoints.useApproveLink, async ({ organization, body }) => services.approveLinks.use(organization(), body))
}
