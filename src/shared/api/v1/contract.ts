import { v1AnalyticsEndpoints } from './analytics'
import type { V1Endpoint } from './base'
import { v1MemberEndpoints } from './members'
import { v1PostEndpoints } from './posts'
import { v1SlotEndpoints } from './slots'
import { v1WebhookEndpoints } from './webhooks'

export * from './base'
export * from './problem'

/** Every /api/v1 operation (issue 28). */
export const v1Endpoints = {
  ...v1SlotEndpoints,
  ...v1PostEndpoints,
  ...v1MemberEndpoints,
  ...v1AnalyticsEndpoints,
  ...v1WebhookEndpoints
} as const satisfies Record<string, V1Endpoint>

export type V1Endpoints = typeof v1Endpoints
export type V1OperationId = keyof V1Endpoints
