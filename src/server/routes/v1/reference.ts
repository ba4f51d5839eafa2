import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { V1_BASE, V1_OPENAPI_PATH, V1_REFERENCE_PATH } from '../../../shared/api/v1/contract'
import { v1OpenApiDocument } from '../../../shared/api/v1/openapi'

/*
 * The document and the reference page (no key needed): GET /api/v1/openapi.json, generated once
 * per process from the v1 contract, and GET /api/v1/reference, Swagger UI rendering it from
 * swagger-ui-dist's own files served here (no CDN; docs/decisions/0010). The page's policy allows
 * only this server's scripts and styles (Swagger UI sets inline styles) and nothing else.
 */

export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8'
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagecrew API reference</title>
<link rel="stylesheet" href="${V1_BASE}${V1_REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${V1_BASE}${V1_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${V1_BASE}${V1_REFERENCE_PATH}/init.js"></script>
</body>
</html>
`

const INIT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(`${V1_BASE}${V1_OPENAPI_PATH}`)}, dom_id: '#reference', deepLinking: true });\n`

const swaggerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

export function registerV1Reference(app: FastifyInstance, options: { version: string }): void {
  let document: string | undefined
  app.get(V1_OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(v1OpenApiDocument({ version: options.version }))
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document)
  })
  app.get(V1_REFERENCE_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Content-Security-Policy', REFERENCE_CSP).header('Cache-Control', 'no-cache').send(PAGE)
  )
  app.get(`${V1_REFERENCE_PATH}/init.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT))
  const files = new Map<string, Buffer>()
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`${V1_REFERENCE_PATH}/${name}`, async (_request, reply) => {
      let file = files.get(name)
      if (!file) {
        file = await readFile(join(swaggerDir(), name))
        files.set(name, file)
      }
      return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(file)
    })
  }
}
