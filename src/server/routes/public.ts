import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { route } from '../http/route'
import type { Services } from '../services'
import { APP_VERSION } from '../version'

/** Endpoints reachable without a session. */
export function registerPublicRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  route(app, services, endpoints.getConfig, async () => ({
    helpCenterUrl: config.helpCenterUrl,
    supportChat: config.supportChat,
    version: APP_VERSION
  }))
}
