import { z } from 'zod'

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
