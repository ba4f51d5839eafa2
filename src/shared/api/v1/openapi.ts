import { z } from 'zod'
import { API_SCOPE_LABELS, API_SCOPES } from '../../domain/apiKeys'
import { V1_BASE, type V1Endpoint } from './base'
import { v1Endpoints } from './contract'
import { PROBLEM_CONTENT_TYPE, PROBLEM_TITLES, problemSchema } from './problem'

/*
 * The OpenAPI 3.1 document of /api/v1, generated from the v1 contract with zod 4's z.toJSONSchema
 * (JSON Schema draft 2020-12, the dialect OpenAPI 3.1 uses). Named schemas (`.meta({ id })`) go to
 * components.schemas once and are referred to; each operation lists its scope (the bearer key must
 * hold it), its Idempotency-Key (POST) and its problem-details answers.
 */

type JsonSchema = Record<string, unknown>

const REF_PREFIX = '#/components/schemas/'

/** Converts one schema, collecting named schemas into `components` (refs rewritten to components). */
function convert(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any'
  }) as JsonSchema
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>
  for (const [id, def] of Object.entries(defs)) components[id] ??= def
  delete json.$defs
  delete json.$schema
  return rewriteRefs(json) as JsonSchema
}

/** `#/$defs/X` (local definitions) point at components.schemas.X. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, REF_PREFIX) : rewriteRefs(v)
    return out
  }
  return value
}

const isAbsent = (schema: z.ZodType) => schema instanceof z.ZodUndefined

/** The parameters of an object schema's properties, in `where` (path or query). */
function parametersOf(schema: z.ZodType, where: 'path' | 'query', components: Record<string, JsonSchema>): JsonSchema[] {
  if (isAbsent(schema)) return []
  const json = convert(schema, 'input', components)
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest
    }
  })
}

const problemResponse = (status: number) => ({
  description: PROBLEM_TITLES[status] ?? 'Error',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `${REF_PREFIX}Problem` } } }
})

/** The error statuses every keyed operation may answer. */
const COMMON_PROBLEMS = [400, 401, 402, 403, 429]

function operationOf(endpoint: V1Endpoint, components: Record<string, JsonSchema>): JsonSchema {
  const parameters = [...parametersOf(endpoint.params, 'path', components), ...parametersOf(endpoint.query, 'query', components)]
  if (endpoint.method === 'POST') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Repeats with the same key get the first answer again (kept a day per API key), not a second effect.',
      schema: { type: 'string', minLength: 1, maxLength: 255 }
    })
  }
  const problems = [...COMMON_PROBLEMS, ...(endpoint.params instanceof z.ZodUndefined ? [] : [404]), ...(endpoint.method === 'GET' ? [] : [409])]
  if (endpoint.method === 'POST') problems.push(422)
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: [{ apiKey: [endpoint.scope] }],
    'x-required-scope': endpoint.scope,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(isAbsent(endpoint.body)
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema: convert(endpoint.body, 'input', components) } } } }),
    responses: {
      [String(endpoint.status)]: {
        description: endpoint.status === 201 ? 'Created' : 'OK',
        content: { 'application/json': { schema: convert(endpoint.response, 'output', components) } }
      },
      ...Object.fromEntries([...new Set(problems)].sort().map((status) => [String(status), problemResponse(status)]))
    }
  }
}

export function v1OpenApiDocument(options: { version: string; serverUrl?: string }): JsonSchema {
  const components: Record<string, JsonSchema> = {}
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const endpoint of Object.values(v1Endpoints) as V1Endpoint[]) {
    const item = (paths[endpoint.path] ??= {})
    item[endpoint.method.toLowerCase()] = operationOf(endpoint, components)
  }
  convert(problemSchema, 'output', components)
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Pagecrew API',
      version: `v1 (${options.version})`,
      description:
        "The public API of a Pagecrew organization. Call it with an API key an admin creates in Settings → Organization → API: `Authorization: Bearer <key>`. A key acts as its organization with its scopes only. Errors are problem details (RFC 9457); lists are keyset-paged (`limit`, `cursor`, answered `next`); every POST takes an `Idempotency-Key`; each key has a rate limit (429 with Retry-After)."
    },
    servers: [{ url: options.serverUrl ?? V1_BASE }],
    tags: [{ name: 'Slots' }, { name: 'Posts' }, { name: 'Members' }, { name: 'Analytics' }, { name: 'Webhooks' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An organization's API key. Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${API_SCOPE_LABELS[s]})`).join(', ')}.`
        }
      }
    }
  }
}
