import { z } from 'zod'
import { instantSchema } from './common'
import { singleLineText } from './text'

/**
 * What an organization's API key may do (issue 28): each scope opens a group of `/api/v1` endpoints.
 * A key acts as the organization with these scopes only, never as a person.
 */
export const apiScopeSchema = z.enum(['plan:read', 'plan:write', 'posts:read', 'posts:write', 'analytics:read', 'members:read', 'webhooks:write'])
export type ApiScope = z.infer<typeof apiScopeSchema>
export const API_SCOPES = apiScopeSchema.options

/** What the scopes mean, for the key dialog and the API reference. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'plan:read': 'Read the Plan: slots and series',
  'plan:write': 'Create, change and delete slots',
  'posts:read': 'Read posts',
  'posts:write': 'Create drafts, schedule and publish posts',
  'analytics:read': 'Read results: posts, members, teams and their timeseries',
  'members:read': 'Read the member list',
  'webhooks:write': 'Manage webhooks'
}

/** What the API keys' screen and endpoints say (not in the spec). */
export const API_KEY_MESSAGES = {
  nameMissing: 'Enter a name for the key.',
  nameTooLong: 'Use at most 100 characters.',
  scopesMissing: 'Choose at least one scope.',
  expiryInPast: 'Choose an expiry date in the future.',
  notFound: 'This API key does not exist.',
  alreadyRevoked: 'This API key is already revoked.',
  tooMany: 'An organization can have at most 50 active API keys. Revoke one first.'
} as const

/** Active (not revoked) keys an organization may hold at once. */
export const MAX_ACTIVE_API_KEYS = 50

export const apiKeyNameSchema = singleLineText({ error: API_KEY_MESSAGES.nameMissing }).trim().min(1, API_KEY_MESSAGES.nameMissing).max(100, API_KEY_MESSAGES.nameTooLong)

export const apiKeyScopesSchema = z
  .array(apiScopeSchema)
  .min(1, API_KEY_MESSAGES.scopesMissing)
  .max(API_SCOPES.length)
  .transform((scopes) => API_SCOPES.filter((s) => scopes.includes(s)))

/** An API key as admins see it: never its secret (shown once, by create). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible part of the key, e.g. pck_7K2M9QXA: the key itself starts with it. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: instantSchema,
  /** Who created it (their name, or null when they have been removed). */
  createdBy: z.string().nullable(),
  expiresAt: instantSchema.nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: instantSchema.nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: instantSchema.nullable()
})
export type ApiKey = z.infer<typeof apiKeySchema>
