import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import type { LinkedInAdapter, PublishTarget } from '../../adapters/linkedin/linkedin'
import type { PostRow } from '../../services/posts'
import type { JobKind, JobQueue } from '../runner'

/* What the metrics job's steps take and answer (docs/architecture.md, "The job runner and the metrics sync"). */

export interface MetricsJobOptions {
  db: Database
  clock: Clock
  queue: JobQueue
  linkedin: LinkedInAdapter
  /** The author's connection and the post's author on LinkedIn (services.posts.publishTarget); null = not connected. */
  resolveTarget(post: PostRow): Promise<PublishTarget | null>
  /** LinkedIn calls per connection per UTC day (default 500). */
  dailyBudget?: number
  /** Jobs per run (default 50). */
  batchSize?: number
  /** The wait between runs when no more are due (default one minute). */
  intervalMs?: number
  log?: (message: string) => void
}

export interface MetricsJob extends JobKind {
  /** Queues the first reading of a post just published (in the transaction that records it). */
  enqueue(tx: Executor, post: Pick<PostRow, 'id' | 'organizationId' | 'authorUserId'> & { publishedAt: Date }): Promise<void>
}

/** The job's dependencies, made once by createMetricsJob from its options with their defaults. */
export interface MetricsContext {
  db: Database
  clock: Clock
  queue: JobQueue
  linkedin: LinkedInAdapter
  resolveTarget(post: PostRow): Promise<PublishTarget | null>
  dailyBudget: number
  batchSize: number
  log: (message: string) => void
}

export type ReadablePost = PostRow & { publishedAt: Date; linkedInPostUrn: string }
