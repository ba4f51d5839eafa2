import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints, SESSION_COOKIE, USER_PHOTO_FIELD, USER_PHOTO_PATH } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../shared/constants'
import { notFound, unauthenticated } from '../errors'
import { route } from '../http/route'
import type { Services } from '../services'
import { discard, readImageForm, type UploadedImage } from '../services/uploads'

/**
 * The profile photo (Settings → Profile). Its own scope, like the teams', for @fastify/multipart;
 * the upload streams to <uploads>/tmp and whatever the outcome the temporary file is gone once
 * the response is sent.
 */
export async function registerUserPhotoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { users } = services
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 2, fields: 10, fieldSize: 1000, parts: 12, headerPairs: 200 }
  })

  const uploads = new WeakMap<FastifyRequest, UploadedImage>()
  const readBody = async (request: FastifyRequest) => {
    const form = await readImageForm(request, {
      uploadsDir: services.uploadsDir,
      maxBytes: MAX_PHOTO_BYTES,
      fileField: USER_PHOTO_FIELD,
      types: PHOTO_TYPES,
      notImage: MESSAGES.photoNotImage
    })
    if (form.image) uploads.set(request, form.image)
    return form.fields
  }
  app.addHook('onResponse', async (request) => {
    await discard(uploads.get(request) ?? null)
  })

  route(app, services, endpoints.uploadUserPhoto, async ({ session, request }) => users.uploadPhoto(session(), uploads.get(request) ?? null), { readBody })

  route(app, services, endpoints.removeUserPhoto, async ({ session }) => users.removePhoto(session()))

  // The photo itself (User.image). One answer for a user who does not exist, has no photo or is
  // no colleague of the viewer: nothing tells them apart.
  app.get<{ Params: { userId: string } }>(USER_PHOTO_PATH, async (request, reply) => {
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
    if (!session) throw unauthenticated()
    const photo = await users.photo(session.userId, request.params.userId)
    const size = photo ? await stat(photo.path).then((s) => s.size, () => null) : null
    if (!photo || size === null) throw notFound(MESSAGES.photoNotFound)
    reply.header('Content-Type', photo.contentType)
    reply.header('Content-Length', String(size))
    // The address changes with every upload (?v=), and only signed-in colleagues may see it.
    reply.header('Cache-Control', 'private, max-age=31536000, immutable')
    reply.header('Content-Disposition', 'inline')
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Content-Security-Policy', "default-src 'none'")
    return reply.send(createReadStream(photo.path))
  })
}
