import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../config'
import type { Services } from '../services'

export function registerPostRoutes(_api: FastifyInstance, _services: Services, _config: ServerConfig): void {}
