/*
 * Every entity of the API, as zod schemas and their inferred types, gathered from one file per group
 * (common.ts, user.ts, billing.ts, organization.ts, tag.ts, slot.ts, post.ts, review.ts,
 * analytics.ts). Importers keep importing from here or from the domain index.
 */
export { instantSchema, personRefSchema, type PersonRef } from './common'
export * from './user'
export * from './billing'
export * from './organization'
export * from './tag'
export * from './slot'
export * from './post'
export * from './review'
export * from './analytics'
