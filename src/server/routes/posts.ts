import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { endpoints, MEDIA_CHUNK_FIELD, MEDIA_FILE_PATH, MEDIA_THUMBNAIL_PATH, SESSION_COOKIE } from '../../shared/api/contract'
import { MEDIA_CHUNK_BYTES } from '../../shared/constants'
import { RECOMMENDED_MESSAGES } from '../../shared/domain/recommended'
import type { ServerConfig } from '../config'
import { ApiError, badRequest, noOrganization, notFound, unauthenticated } from '../errors'
import { publicBaseUrl } from '../http/publicUrl'
import { route, validationError } from '../http/route'
import type { OrganizationSession } from '../services/sessions'
import type { Services } from '../services'
import { requireEntitlement } from '../services/access'
import { cleanFileName, uploadTooBig } from '../services/media'
import { formReadError } from '../services/uploads'

/** Room for the multipart framing around a chunk's bytes. */
const CHUNK_SLACK_BYTES = 64 * 1024

/**
 * Posts and their media (issue 6) and their kept versions (issue 13). JSON endpoints are thin
 * over services.posts and services.media. The chunk endpoint is multipart (registered for this
 * scope only): its text fields come first, then the file part, which streams straight into
 * storage at the offset.
 */
export async function registerPostRoutes(app: FastifyInstance, services: Services, config: ServerConfig): Promise<void> {
  const { posts, media } = services
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_CHUNK_BYTES + CHUNK_SLACK_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 200 }
  })

  // The sandbox's post viewer lives on this server: a path becomes an address the system browser
  // (desktop) or a new tab can open — the public address (http/publicUrl.ts), never the Host header.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const base = publicBaseUrl(config, request).replace(/\/+$/, '')
    const absolute = (post: unknown) => {
      const view = post as { linkedInPostUrl?: unknown; reshare?: { linkedInPostUrl?: unknown } | null } | null
      if (view && typeof view.linkedInPostUrl === 'string' && view.linkedInPostUrl.startsWith('/')) view.linkedInPostUrl = `${base}${view.linkedInPostUrl}`
      // A reshare of one of the organization's posts names that post's address (issue 15).
      const reshared = view?.reshare
      if (reshared && typeof reshared.linkedInPostUrl === 'string' && reshared.linkedInPostUrl.startsWith('/')) reshared.linkedInPostUrl = `${base}${reshared.linkedInPostUrl}`
    }
    if (Array.isArray(payload)) payload.forEach(absolute)
    else absolute(payload)
    return payload
  })

  route(app, services, endpoints.listPosts, async ({ organization, query }) => posts.list(organization(), query))
  route(app, services, endpoints.getPost, async ({ organization, query }) => posts.get(organization(), query.postId))
  route(app, services, endpoints.createPost, async ({ organization, body }) => {
    // A reshare of a recommended post (issue 15) is part of Recommended posts.
    if (body.recommendationId) await requireEntitlement(services.entitlements, organization().organization.id, 'RECOMMEND_POST', RECOMMENDED_MESSAGES.notInPlan)
    return posts.create(organization(), body)
  })
  route(app, services, endpoints.updatePost, async ({ organization, body }) => posts.update(organization(), body))
  route(app, services, endpoints.schedulePost, async ({ organization, body }) => posts.schedule(organization(), body))
  route(app, services, endpoints.publishPostNow, async ({ organization, body }) => posts.publishNow(organization(), body))
  route(app, services, endpoints.unschedulePost, async ({ organization, body }) => posts.unschedule(organization(), body.postId))
  route(app, services, endpoints.retryPost, async ({ organization, body }) => posts.retry(organization(), body))
  route(app, services, endpoints.deletePost, async ({ organization, query }) => {
    await posts.remove(organization(), query.postId)
    return { ok: true as const }
  })
  route(app, services, endpoints.listPostVersions, async ({ organization, query }) => ({ versions: await posts.versions(organization(), query.postId) }))

  route(app, services, endpoints.startMediaUpload, async ({ organization, body }) => media.start(organization(), body), {
    // The configured limit (tests lower it) answers 413 '{file name} is too big!' before the
    // schema's own 200 MB check would make it a plain 400.
    readBody: async (request) => {
      const body = request.body as { fileName?: unknown; size?: unknown } | undefined
      if (typeof body?.fileName === 'string' && typeof body.size === 'number' && body.size > config.maxUploadBytes) {
        throw uploadTooBig(cleanFileName(body.fileName), 'size')
      }
      return request.body
    }
  })

  const received = new WeakMap<FastifyRequest, { received: number }>()
  route(
    app,
    services,
    endpoints.uploadMediaChunk,
    async ({ request }) => {
      const result = received.get(request)
      if (!result) throw badRequest(`Send the chunk as the file part '${MEDIA_CHUNK_FIELD}'.`, { [MEDIA_CHUNK_FIELD]: 'Send the chunk.' })
      return result
    },
    { readBody: (request) => readChunk(request, services, received) }
  )

  route(app, services, endpoints.completeMediaUpload, async ({ organization, body }) => media.complete(organization(), body))
  route(app, services, endpoints.updateMedia, async ({ organization, body }) => media.update(organization(), body))

  app.get<{ Params: { mediaId: string } }>(MEDIA_FILE_PATH, (request, reply) => sendMedia(request, reply, services, 'file'))
  app.get<{ Params: { mediaId: string } }>(MEDIA_THUMBNAIL_PATH, (request, reply) => sendMedia(request, reply, services, 'thumbnail'))
}

async function organizationSession(request: FastifyRequest, services: Services): Promise<OrganizationSession> {
  const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
  if (!session) throw unauthenticated()
  if (!session.organization) throw noOrganization()
  return session as OrganizationSession
}

/**
 * Reads the chunk request: the text fields, then the one file part, handed as a stream to
 * media.appendChunk (which checks the upload's owner and offset before writing anything).
 */
async function readChunk(request: FastifyRequest, services: Services, received: WeakMap<FastifyRequest, { received: number }>): Promise<unknown> {
  if (!request.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'Send the chunk as multipart/form-data.')
  const session = await organizationSession(request, services)
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== MEDIA_CHUNK_FIELD) {
        part.file.resume()
        throw badRequest(`Unexpected file field ${part.fieldname}.`)
      }
      const parsed = endpoints.uploadMediaChunk.body.safeParse(fields)
      if (!parsed.success) {
        part.file.resume()
        throw validationError(parsed.error)
      }
      received.set(request, await services.media.appendChunk(session, parsed.data, part.file))
    }
  } catch (error) {
    throw formReadError(error)
  }
  return fields
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within the file; null (send it all) for anything else. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start <= end && start < size ? { start, end } : null
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * A media file or its thumbnail, for any member of the file's organization (404 otherwise).
 * Videos answer byte ranges (seeking); documents download instead of opening in the app.
 */
async function sendMedia(request: FastifyRequest<{ Params: { mediaId: string } }>, reply: FastifyReply, services: Services, which: 'file' | 'thumbnail') {
  let session: OrganizationSession
  try {
    session = await organizationSession(request, services)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'no_organization') throw notFound()
    throw error
  }
  const file = await services.media.file(session.organization.id, request.params.mediaId, which)
  const range = parseRange(request.headers.range, file.size)
  reply.header('Content-Type', file.contentType)
  reply.header('Accept-Ranges', 'bytes')
  // The bytes behind an id never change, and only this signed-in user's client may keep them.
  reply.header('Cache-Control', 'private, max-age=86400')
  reply.header('Content-Disposition', contentDisposition(file.kind === 'document' ? 'attachment' : 'inline', file.fileName))
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
  if (range) {
    reply.status(206)
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    reply.header('Content-Length', String(range.end - range.start + 1))
    return reply.send(await file.open(range))
  }
  reply.header('Content-Length', String(file.size))
  return reply.send(await file.open())
}
