import { v1AnalyticsEndpoints } from './analytics'
import type { V1Endpoint } from './base'
import { v1MemberEndpoints } from './members'
import { v1SlotEndpoints } from './slots'

export * from './base'
export * from './problem'

/** Every /api/v1 operation (issue 28); webhooks join when their branch lands. */
export const v1Endpoints = {
  ...v1SlotEndpoints,
  ...v1MemberEndpoints,
  ...v1AnalyticsEndpoints
} as const satisfies Record<string, V1Endpoint>

export type V1Endpoints = typeof v1Endpoints
export type V1OperationId = keyof V1Endpoints
