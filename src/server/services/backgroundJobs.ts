import type { LinkedInClient } from '../adapters/linkedin/linkedin'
import type { Clock, Timers } from '../clock'
import type { ServerConfig } from '../config'
import type { Database } from '../db/client'
import { eventConsumerJob } from '../events/consumers'
import { publishNoticesConsumer } from '../events/publishNotices'
import { createMetricsJob } from '../jobs/metrics'
import { missedSlotsJob } from '../jobs/missedSlots'
import { createPublisher, type Publisher } from '../jobs/publisher'
import type { JobRunner } from '../jobs/runner'
import type { MediaService } from './media'
import type { NotificationService } from './notifications'
import type { PostService } from './posts'
import type { WebhookService } from './webhooks'

/*
 * The job runner's kinds built by createServices (index.ts): the publisher, the metrics sync, the
 * publish notices, missed slots, the media cleanup and the webhooks' consumer and sender, registered in that order
 * (docs/architecture.md, "The job runner and the metrics sync").
 */

/** Builds and registers the background jobs; answers the publisher. */
export function registerBackgroundJobs(deps: {
  db: Database
  clock: Clock
  timers?: Timers
  config: ServerConfig
  linkedInAdapter: LinkedInClient
  notifications: NotificationService
  media: MediaService
  posts: PostService
  webhooks: WebhookService
  jobs: JobRunner
  log?: (message: string) => void
}): Publisher {
  const { db, clock, config, linkedInAdapter, notifications, media, posts, jobs } = deps
  const metrics = createMetricsJob({
    db,
    clock,
    queue: jobs,
    linkedin: linkedInAdapter,
    resolveTarget: (post) => posts.publishTarget(post),
    intervalMs: config.metricsIntervalMs,
    dailyBudget: config.linkedInDailyCalls,
    log: deps.log
  })
  // The event stream's readers and writers beside the publisher look on their own about once a minute
  // (never more often than the publisher): the publisher kicks the notices at once, and a miss is told
  // after 15 minutes anyway. Fewer idle statements, and fewer connections tried while a database is down.
  const backgroundIntervalMs = Math.max(config.publisherIntervalMs ?? 0, 60_000)
  // Who is told of a publish's outcome: the first consumer of the event stream (docs/decisions/0002).
  // The publisher asks it to run as soon as it recorded one; its own interval reads what another
  // process left.
  const publishNotices = eventConsumerJob({ db, clock, consumer: publishNoticesConsumer({ notifications }), intervalMs: backgroundIntervalMs })
  const publisher = createPublisher({
    db,
    clock,
    timers: deps.timers,
    linkedin: linkedInAdapter,
    notifications,
    workerId: jobs.workerId,
    concurrency: 4,
    resolveTarget: (post) => posts.publishTarget(post),
    onPublished: (tx, post) => metrics.enqueue(tx, post),
    told: () => jobs.kick(publishNotices.name)
  })
  jobs.register(publisher.job(config.publisherIntervalMs === null ? {} : { intervalMs: config.publisherIntervalMs }))
  jobs.register(metrics)
  jobs.register(publishNotices)
  // slot.missed, once per slot whose time passed without a published post.
  jobs.register(missedSlotsJob({ db, clock, intervalMs: backgroundIntervalMs }))
  jobs.register(media.cleanupJob)
  // Signed webhooks (issue 28): the event stream's 'webhooks' consumer writes deliveries and kicks the sender.
  jobs.register(deps.webhooks.consumerJob)
  jobs.register(deps.webhooks.senderJob)
  return publisher
}
