import type { z } from 'zod'
import type { createPostBodySchema, schedulePostBodySchema, updatePostBodySchema } from '../../../shared/api/contract'
import type { AccessToken, LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { MediaService } from '../media'
import type { NotificationService } from '../notifications'

/* What the posts use cases take: their inputs and the service's dependencies (docs/architecture.md, "Posts on the server"). */

export type CreatePostInput = z.output<typeof createPostBodySchema>
export type UpdatePostInput = z.output<typeof updatePostBodySchema>
export type SchedulePostInput = z.output<typeof schedulePostBodySchema>

/** What posts need of the LinkedIn connection (services.linkedIn). */
interface LinkedInAccess {
  status(userId: string): Promise<'connected' | 'missing' | 'expired'>
  publishingIdentity(userId: string): Promise<{ accessToken: AccessToken; memberId: string } | null>
}

export interface PostDeps {
  db: Database
  clock: Clock
  /** Where the post's files are read from when it is published. */
  media: Pick<MediaService, 'storage'>
  linkedIn: LinkedInAccess
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
  /** Tells approvers when an edit returns an approved post to PENDING. */
  notifications: Pick<NotificationService, 'notify'>
  /** Asks this process's publisher to run now (publish now, retry now). */
  kick: () => void
}
