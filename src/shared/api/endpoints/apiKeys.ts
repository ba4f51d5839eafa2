import { z } from 'zod'
import { apiKeyNameSchema, apiKeySchema, apiKeyScopesSchema } from '../../domain/apiKeys'
import { instantSchema } from '../../domain/common'
import { endpoint, none } from './base'
import { idSchema } from './common'

export const apiKeyEndpoints = {
  // An organization's API keys (issue 28; Settings → Organization → API): admins, Professional and Enterprise.
  /** Newest first, revoked ones too. Never a key's secret. */
  listApiKeys: endpoint({ role: 'admin', entitlement: 'API', method: 'GET', path: '/organization/api-keys', query: none, body: none, response: z.array(apiKeySchema) }),
  /**
   * A new key, audited. `secret` (the whole `pck_…` key for `Authorization: Bearer`) is answered to
   * this request only: it is stored hashed, and a repeat of the Idempotency-Key answers the same key
   * with `secret` null. 409 past 50 active keys; 400 for an expiry in the past.
   */
  createApiKey: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/api-keys/create',
    query: none,
    body: z.object({
      name: apiKeyNameSchema,
      scopes: apiKeyScopesSchema,
      /** Absent or null: the key never expires. */
      expiresAt: instantSchema.nullable().optional()
    }),
    response: z.object({ apiKey: apiKeySchema, secret: z.string().nullable() }),
    idempotent: true,
    oneTimeFields: ['secret']
  }),
  /** Refused by every server process from the next request on. Audited. 404 for a key of another organization, 409 when already revoked. */
  revokeApiKey: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/api-keys/revoke',
    query: none,
    body: z.object({ id: idSchema }),
    response: apiKeySchema,
    idempotent: true
  })
} as const
