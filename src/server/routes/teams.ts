import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints, SESSION_COOKIE, TEAM_IMAGE_FIELD } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { notFound, unauthenticated } from '../errors'
import { route } from '../http/route'
import type { Services } from '../services'
import { discard, readImageForm, type UploadedImage } from '../services/uploads'

/**
 * Teams. Create and update are multipart/form-data (spec §7): @fastify/multipart is registered
 * for this scope only. The image streams to a temporary file under <dataDir>/uploads/tmp with a
 * byte counter; whatever the outcome, the temporary file is gone when the response is sent.
 */
export async function registerTeamRoutes(app: FastifyInstance, services: Services, config: ServerConfig): Promise<void> {
  const { teams } = services
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, files: 2, fields: 20, fieldSize: 1_000_000, parts: 25, headerPairs: 200 }
  })

  const uploads = new WeakMap<FastifyRequest, UploadedImage>()
  const readBody = async (request: FastifyRequest) => {
    const form = await readImageForm(request, { uploadsDir: services.uploadsDir, maxBytes: config.maxUploadBytes, fileField: TEAM_IMAGE_FIELD })
    if (form.image) uploads.set(request, form.image)
    return form.fields
  }
  app.addHook('onResponse', async (request) => {
    await discard(uploads.get(request) ?? null)
  })

  route(app, services, endpoints.listTeams, async ({ organization }) => teams.list(organization().organization.id))

  route(app, services, endpoints.createTeam, async ({ organization, body, request }) => teams.create(organization(), body, uploads.get(request) ?? null), {
    readBody
  })

  route(app, services, endpoints.updateTeam, async ({ organization, body, request }) => teams.update(organization(), body, uploads.get(request) ?? null), {
    readBody
  })

  route(app, services, endpoints.deleteTeam, async ({ organization, query }) => {
    await teams.remove(organization(), query.teamId)
    return { ok: true as const }
  })

  // The team image (previewURL). Same session and organization checks as the JSON endpoints.
  app.get<{ Params: { teamId: string } }>('/team/image/:teamId', async (request, reply) => {
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
    if (!session) throw unauthenticated()
    if (!session.organization) throw notFound()
    const image = await teams.image(session.organization.id, request.params.teamId)
    const size = image ? await stat(image.path).then((s) => s.size, () => null) : null
    if (!image || size === null) throw notFound('Team image not found.')
    reply.header('Content-Type', image.contentType)
    reply.header('Content-Length', String(size))
    // The address changes with every new image (?v=), and only this session may see it.
    reply.header('Cache-Control', 'private, max-age=86400')
    reply.header('Content-Disposition', 'inline')
    return reply.send(createReadStream(image.path))
  })
}
