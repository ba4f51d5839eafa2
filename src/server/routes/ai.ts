import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { route } from '../http/route'
import type { Services } from '../services'

/** AI ideas and drafts (issue 6). Inputs, usage counting and provider failures: services/ai/ (docs/architecture.md, "Writing and publishing"). */
export function registerAiRoutes(app: FastifyInstance, services: Services, _config: ServerConfig): void {
  const { ai } = services

  route(app, services, endpoints.generateIdeas, async ({ organization, body }) => ai.ideas(organization(), body))
  route(app, services, endpoints.generateDraft, async ({ organization, body }) => ai.draft(organization(), body))
}
