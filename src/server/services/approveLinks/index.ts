import type { ApproveLinkInfo, ApproveLinkOutcome } from '../../../shared/api/endpoints/approveLinks'
import type { Mailer } from '../../adapters/mail/mail'
import type { Clock } from '../../clock'
import type { ServerConfig } from '../../config'
import type { Database, Executor } from '../../db/client'
import { eventConsumerJob } from '../../events/consumers'
import type { JobKind } from '../../jobs/runner'
import type { NotificationService } from '../notifications'
import { postViews } from '../posts'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { OrganizationSession } from '../sessions'
import { loadTokenKey } from '../tokenCrypto'
import { approveLinkEmailsConsumer } from './emailLinks'
import { approveLinkUrl, channelLinks, openPostUrl, postPreview, type PostPreview } from './links'
import { createApproveLinkSigner, type ApproveLinkSigner } from './tokens'
import { approveLinkInfo, useApproveLink, type ApproveLinkContext } from './useLink'

export { APPROVE_LINK_TTL_MS, previewText, type PostPreview } from './links'
export { createApproveLinkSigner, type ApproveLinkSigner } from './tokens'

/** The links a chat message of an approval request carries. */
export interface ChannelDecisionLinks {
  approve: string
  requestChanges: string
  open: string
}

/**
 * Approve links (issue 28; docs/architecture.md, "Approve links"): approvers' emailed links (a
 * consumer of approval.requested), the chat channels' links, and the use case behind /approve/:token.
 */
export interface ApproveLinkService {
  info(session: OrganizationSession, token: string): Promise<ApproveLinkInfo>
  use(session: OrganizationSession, input: { token: string; reason?: string | undefined }): Promise<ApproveLinkOutcome>
  /** A post's preview and its channel links (Approve, Request changes, Open), in the caller's transaction; null for a post gone. */
  channelMessage(tx: Executor, input: { postId: string; revision: number }): Promise<{ preview: PostPreview; links: ChannelDecisionLinks } | null>
  /** The app's public address links are written with. */
  baseUrl(): string
  /** The address this server listens at (main's listen): links use it while PAGECREW_PUBLIC_URL is not set. */
  listeningAt(url: string): void
  /** The consumer emailing approvers their links, as a job kind. */
  emailJob: JobKind
}

/** The address links leave the app with when no request tells it: PAGECREW_PUBLIC_URL, else the address this server listens at. */
export function appBaseUrl(config: Pick<ServerConfig, 'publicUrl'>, listening: string | null): string {
  return (config.publicUrl ?? listening ?? 'http://localhost').replace(/\/+$/, '')
}

export function createApproveLinkService(deps: {
  db: Database
  clock: Clock
  config: ServerConfig
  notifications: Pick<NotificationService, 'notify'>
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
  mailer: Pick<Mailer, 'record' | 'deliver'>
  /** Replaces the signer over the server's token key (tests). */
  signer?: ApproveLinkSigner
  intervalMs?: number
}): ApproveLinkService {
  const { db, clock, config } = deps
  const signer = deps.signer ?? createApproveLinkSigner(() => loadTokenKey(config))
  const ctx: ApproveLinkContext = { db, clock, notifications: deps.notifications, views: postViews({ clock, linkedInAdapter: deps.linkedInAdapter }), signer }
  let listening: string | null = null
  const baseUrl = () => appBaseUrl(config, listening)
  return {
    info: (session, token) => approveLinkInfo(ctx, session, token),
    use: (session, input) => useApproveLink(ctx, session, input),
    async channelMessage(tx, input) {
      const preview = await postPreview(tx, input.postId)
      if (!preview) return null
      const tokens = await channelLinks(tx, signer, clock.now(), { organizationId: preview.organizationId, postId: input.postId, revision: input.revision })
      const base = baseUrl()
      return {
        preview,
        links: {
          approve: approveLinkUrl(base, tokens.approve, preview.organizationWorkOSId),
          requestChanges: approveLinkUrl(base, tokens.requestChanges, preview.organizationWorkOSId),
          open: openPostUrl(base, input.postId, preview.organizationWorkOSId)
        }
      }
    },
    baseUrl,
    listeningAt(url) {
      listening = url
    },
    emailJob: eventConsumerJob({
      db,
      clock,
      consumer: approveLinkEmailsConsumer({ clock, mailer: deps.mailer, signer, baseUrl }),
      intervalMs: deps.intervalMs ?? Math.max(config.publisherIntervalMs ?? 0, 60_000)
    })
  }
}
