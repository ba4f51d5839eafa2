import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { MESSAGES } from '../../shared/api/messages'
import type { PostStatus } from '../../shared/domain/enums'
import {
  RECOMMENDED_MESSAGES,
  type createRecommendationBodySchema,
  type RecommendablePost,
  type Recommendation,
  type RecommendedList
} from '../../shared/domain/recommended'
import { parseLinkedInPostUrl } from '../../shared/rules/linkedInPosts'
import type { LinkedInAdapter } from '../adapters/linkedin/linkedin'
import type { Clock } from '../clock'
import { recordEvent } from '../events/outbox'
import type { Database, Executor } from '../db/client'
import { businessPages, memberships, posts, recommendationAudience, recommendationDismissals, recommendations, teamMembers, teams, users } from '../db/schema'
import { badRequest, forbidden, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, requireEntitlement } from './access'
import { record, sessionActor } from './audit'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'
import type { NotificationService } from './notifications'
import { linkTo } from '../../shared/routes'

/**
 * Recommended posts (issue 15): admins and team leaders recommend a post for resharing — one of
 * the organization's published posts or any LinkedIn post address — to everyone, teams or members;
 * the audience reshares it through the posts service (POST /posts/create with recommendationId)
 * and the exactly-once publisher.
 *
 * Decisions:
 * - Every endpoint needs RECOMMEND_POST (402 notInPlan). Recommending and the picker of published
 *   posts: ADMIN, GHOST and team leaders (403 onlyRecommenders). A leader recommends to the teams
 *   they lead, or to members of those teams, never to everyone (403 onlyYourTeams).
 * - Ids of another organization (post, team, member, recommendation) are 404, as missing ones.
 * - The audience is notified in the recommendation's transaction (the recommender is not, even
 *   when in it); the audit entry 'recommendation.created' is written there too. Members counted:
 *   ACTIVE ones (an invited person has nothing to reshare with yet).
 * - /recommended `forMe`: open (no end, or an end still ahead), not dismissed, addressed to the
 *   user — everyone, their team, or them by name; a recommender in their own audience sees it.
 *   `created`: the user's own (admins and GHOST: the organization's), newest first, ended ones too.
 *   Both lists hold the newest LIST_LIMIT.
 * - Who reshared: the reshares that left the author's drafts (SCHEDULED, PENDING_PUBLISH, PUBLISHED:
 *   a draft is its author's work in progress, as on the Plan), for the recommender and admins; the
 *   count of PUBLISHED reshares for everyone.
 * - Dismissing needs the user in the audience (404 otherwise) and may be repeated.
 */
export type CreateRecommendationInput = z.output<typeof createRecommendationBodySchema>

export const RECOMMENDED_TITLE = 'Recommended post'
export const RECOMMENDED_LINK = linkTo('recommended')
export const LIST_LIMIT = 200
export const RECOMMENDABLE_LIMIT = 50
/** The reshares the recommender sees: those their authors have scheduled or published. */
const SHOWN_RESHARE_STATUSES: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

export interface RecommendedService {
  list(session: OrganizationSession): Promise<RecommendedList>
  create(session: OrganizationSession, input: CreateRecommendationInput): Promise<Recommendation>
  dismiss(session: OrganizationSession, recommendationId: string): Promise<void>
  recommendablePosts(session: OrganizationSession, query: { search?: string }): Promise<RecommendablePost[]>
}

type RecommendationRow = typeof recommendations.$inferSelect

/** How much of the note the notification quotes. */
const NOTE_IN_NOTIFICATION = 160

/** The start of `text` on one line, at most `max` characters (code points). */
function oneLine(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}

/** The recommendation `userId` is in the audience of: everyone, their team, or them by name. */
export function addressedTo(userId: string): SQL {
  return or(
    eq(recommendations.audience, 'everyone'),
    sql`exists (select 1 from ${recommendationAudience} where ${recommendationAudience.recommendationId} = ${recommendations.id}
      and (${recommendationAudience.userId} = ${userId}
        or ${recommendationAudience.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})))`
  )!
}

/** Not ended at `now`. */
export const isOpen = (now: Date): SQL => or(isNull(recommendations.endsAt), gt(recommendations.endsAt, now))!

/**
 * What a reshare needs of its recommendation (posts service): one of the session's organization
 * addressed to the user (404 otherwise) and open (400 ended); its row is locked for the rest of the
 * transaction, so two reshares of one user cannot both pass the one-reshare check.
 */
export async function reshareSource(tx: Executor, session: OrganizationSession, recommendationId: string, now: Date): Promise<RecommendationRow> {
  if (!isUuid(recommendationId)) throw notFound(RECOMMENDED_MESSAGES.notFound)
  const [row] = await tx
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.id, recommendationId), eq(recommendations.organizationId, session.organization.id), addressedTo(session.userId)))
    .for('update')
  if (!row) throw notFound(RECOMMENDED_MESSAGES.notFound)
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) throw badRequest(RECOMMENDED_MESSAGES.ended, { recommendationId: RECOMMENDED_MESSAGES.ended })
  return row
}

export function createRecommendedService(deps: {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  notifications: Pick<NotificationService, 'notify'>
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
}): RecommendedService {
  const { db, clock, entitlements, notifications } = deps

  const requirePlan = (session: OrganizationSession) =>
    requireEntitlement(entitlements, session.organization.id, 'RECOMMEND_POST', RECOMMENDED_MESSAGES.notInPlan)

  /** The teams the session user leads here (at most one: a user is in one team per organization). */
  async function ledTeams(executor: Executor, session: OrganizationSession): Promise<string[]> {
    const rows = await executor
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, session.organization.id), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
    return rows.map((r) => r.teamId)
  }

  /** ADMIN or GHOST: null (no limit); a team leader: the teams they lead; anyone else: 403. */
  async function recommenderScope(executor: Executor, session: OrganizationSession): Promise<string[] | null> {
    if (isAdminSession(session)) return null
    const led = await ledTeams(executor, session)
    if (led.length === 0) throw forbidden(RECOMMENDED_MESSAGES.onlyRecommenders)
    return led
  }

  /** The recommended post: its URN, address and preview. */
  async function source(executor: Executor, session: OrganizationSession, input: CreateRecommendationInput) {
    const postId = input.postId || undefined
    const address = input.linkedInPostUrl || undefined
    if (postId && address) throw badRequest(RECOMMENDED_MESSAGES.postAmbiguous, { linkedInPostUrl: RECOMMENDED_MESSAGES.postAmbiguous })
    if (address) {
      const parsed = parseLinkedInPostUrl(address)
      if (!parsed) throw badRequest(RECOMMENDED_MESSAGES.urlInvalid, { linkedInPostUrl: RECOMMENDED_MESSAGES.urlInvalid })
      return { postId: null, urn: parsed.urn, url: parsed.url, previewText: '', previewAuthor: '' }
    }
    if (!postId) throw badRequest(RECOMMENDED_MESSAGES.postMissing, { postId: RECOMMENDED_MESSAGES.postMissing })
    if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
    const [post] = await executor
      .select({ id: posts.id, status: posts.status, urn: posts.linkedInPostUrn, text: posts.text, author: users.fullName, page: businessPages.linkedInCompanyName })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorUserId))
      .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
      .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id)))
    if (!post) throw notFound(MESSAGES.postNotFound)
    if (post.status !== 'PUBLISHED' || !post.urn) throw badRequest(RECOMMENDED_MESSAGES.postNotPublished, { postId: RECOMMENDED_MESSAGES.postNotPublished })
    return { postId: post.id, urn: post.urn, url: deps.linkedInAdapter.postUrl(post.urn), previewText: post.text, previewAuthor: post.page ?? post.author }
  }

  /**
   * The audience as rows to store and the ACTIVE members to notify. Teams and members must be of
   * the organization (404); a leader's must be their own teams and those teams' members (403).
   */
  async function audienceOf(executor: Executor, session: OrganizationSession, input: CreateRecommendationInput, led: string[] | null) {
    const organizationId = session.organization.id
    const active = eq(memberships.status, 'ACTIVE')
    if (input.audience === 'everyone') {
      if (led) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
      const rows = await executor
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), active))
      return { teamIds: [] as string[], memberIds: [] as string[], notify: rows.map((r) => r.userId) }
    }
    if (input.audience === 'teams') {
      const teamIds = [...new Set(input.teamIds)]
      if (teamIds.length === 0) throw badRequest(RECOMMENDED_MESSAGES.audienceTeamsMissing, { teamIds: RECOMMENDED_MESSAGES.audienceTeamsMissing })
      if (!teamIds.every(isUuid)) throw notFound(MESSAGES.teamNotFound)
      const found = await executor
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, teamIds)))
      if (found.length !== teamIds.length) throw notFound(MESSAGES.teamNotFound)
      if (led && !teamIds.every((id) => led.includes(id))) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
      const rows = await executor
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .innerJoin(memberships, and(eq(memberships.userId, teamMembers.userId), eq(memberships.organizationId, teamMembers.organizationId)))
        .where(and(inArray(teamMembers.teamId, teamIds), active))
      return { teamIds, memberIds: [] as string[], notify: rows.map((r) => r.userId) }
    }
    const memberIds = [...new Set(input.memberIds)]
    if (memberIds.length === 0) throw badRequest(RECOMMENDED_MESSAGES.audienceMembersMissing, { memberIds: RECOMMENDED_MESSAGES.audienceMembersMissing })
    if (!memberIds.every(isUuid)) throw notFound(MESSAGES.memberNotFound)
    const found = await executor
      .select({ userId: memberships.userId, status: memberships.status, teamId: teamMembers.teamId })
      .from(memberships)
      .leftJoin(teamMembers, and(eq(teamMembers.userId, memberships.userId), eq(teamMembers.organizationId, memberships.organizationId)))
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, memberIds)))
    if (found.length !== memberIds.length) throw notFound(MESSAGES.memberNotFound)
    if (led && !found.every((m) => m.teamId !== null && led.includes(m.teamId))) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
    return { teamIds: [] as string[], memberIds, notify: found.filter((m) => m.status === 'ACTIVE').map((m) => m.userId) }
  }

  /** Recommendations as the API shows them to `session`: a few statements for any number of them. */
  async function views(executor: Executor, session: OrganizationSession, rows: readonly RecommendationRow[]): Promise<Recommendation[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const admin = isAdminSession(session)
    const seesReshares = rows.filter((r) => admin || r.createdBy === session.userId).map((r) => r.id)
    const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]
    const creators = creatorIds.length
      ? await executor.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, creatorIds))
      : []
    const audienceRows = await executor
      .select({ recommendationId: recommendationAudience.recommendationId, teamId: teams.id, teamName: teams.name, userId: users.id, fullName: users.fullName })
      .from(recommendationAudience)
      .leftJoin(teams, eq(teams.id, recommendationAudience.teamId))
      .leftJoin(users, eq(users.id, recommendationAudience.userId))
      .where(inArray(recommendationAudience.recommendationId, ids))
    const counts = await executor
      .select({ recommendationId: posts.recommendationId, n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(inArray(posts.recommendationId, ids), eq(posts.status, 'PUBLISHED')))
      .groupBy(posts.recommendationId)
    const mine = await executor
      .select({ recommendationId: posts.recommendationId, postId: posts.id, status: posts.status })
      .from(posts)
      .where(and(inArray(posts.recommendationId, ids), eq(posts.authorUserId, session.userId), eq(posts.organizationId, session.organization.id)))
      .orderBy(desc(posts.createdAt))
    const reshareRows = seesReshares.length
      ? await executor
          .select({ recommendationId: posts.recommendationId, userId: users.id, fullName: users.fullName, postId: posts.id, status: posts.status, publishedAt: posts.publishedAt })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorUserId))
          .where(and(inArray(posts.recommendationId, seesReshares), inArray(posts.status, SHOWN_RESHARE_STATUSES)))
          .orderBy(sql`${posts.publishedAt} desc nulls last`, desc(posts.createdAt))
      : []
    const creatorById = new Map(creators.map((c) => [c.id, c]))
    const countById = new Map(counts.map((c) => [c.recommendationId, c.n]))
    const myById = new Map<string, { postId: string; status: PostStatus }>()
    for (const m of mine) if (m.recommendationId && !myById.has(m.recommendationId)) myById.set(m.recommendationId, { postId: m.postId, status: m.status })
    return rows.map((r) => {
      const audience = audienceRows.filter((a) => a.recommendationId === r.id)
      return {
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        createdBy: r.createdBy ? (creatorById.get(r.createdBy) ?? null) : null,
        postId: r.postId,
        linkedInPostUrn: r.linkedInPostUrn,
        linkedInPostUrl: r.linkedInPostUrl,
        previewText: r.previewText,
        previewAuthor: r.previewAuthor,
        note: r.note,
        suggestedComments: r.suggestedComments,
        audience: {
          kind: r.audience,
          teams: audience.flatMap((a) => (a.teamId ? [{ id: a.teamId, name: a.teamName ?? '' }] : [])),
          members: audience.flatMap((a) => (a.userId ? [{ id: a.userId, fullName: a.fullName ?? '' }] : []))
        },
        endsAt: r.endsAt?.toISOString() ?? null,
        myReshare: myById.get(r.id) ?? null,
        reshareCount: countById.get(r.id) ?? 0,
        reshares: reshareRows
          .filter((x) => x.recommendationId === r.id)
          .map((x) => ({ userId: x.userId, fullName: x.fullName, postId: x.postId, status: x.status, publishedAt: x.publishedAt?.toISOString() ?? null }))
      }
    })
  }

  return {
    async list(session) {
      await requirePlan(session)
      const organizationId = session.organization.id
      const now = clock.now()
      const forMe = await db
        .select()
        .from(recommendations)
        .where(
          and(
            eq(recommendations.organizationId, organizationId),
            isOpen(now),
            addressedTo(session.userId),
            sql`not exists (select 1 from ${recommendationDismissals} where ${recommendationDismissals.recommendationId} = ${recommendations.id}
              and ${recommendationDismissals.userId} = ${session.userId})`
          )
        )
        .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
        .limit(LIST_LIMIT)
      const admin = isAdminSession(session)
      const created = await db
        .select()
        .from(recommendations)
        .where(and(eq(recommendations.organizationId, organizationId), admin ? undefined : eq(recommendations.createdBy, session.userId)))
        .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
        .limit(LIST_LIMIT)
      const canRecommend = admin || (await ledTeams(db, session)).length > 0
      const shown = await views(db, session, [...forMe, ...created.filter((c) => !forMe.some((f) => f.id === c.id))])
      const byId = new Map(shown.map((v) => [v.id, v]))
      return { forMe: forMe.map((r) => byId.get(r.id)!), created: created.map((r) => byId.get(r.id)!), canRecommend }
    },

    async create(session, input) {
      await requirePlan(session)
      const now = clock.now()
      const endsAt = input.endsAt ? new Date(input.endsAt) : null
      return db.transaction(async (tx) => {
        const led = await recommenderScope(tx, session)
        const post = await source(tx, session, input)
        const audience = await audienceOf(tx, session, input, led)
        if (endsAt && endsAt.getTime() <= now.getTime()) throw badRequest(RECOMMENDED_MESSAGES.endsInPast, { endsAt: RECOMMENDED_MESSAGES.endsInPast })
        const id = randomUUID()
        const [row] = await tx
          .insert(recommendations)
          .values({
            id,
            organizationId: session.organization.id,
            createdBy: session.userId,
            postId: post.postId,
            linkedInPostUrn: post.urn,
            linkedInPostUrl: post.url,
            previewText: post.previewText,
            previewAuthor: post.previewAuthor,
            note: input.note,
            suggestedComments: input.suggestedComments,
            audience: input.audience,
            endsAt,
            createdAt: now
          })
          .returning()
        const audienceRows = [
          ...audience.teamIds.map((teamId) => ({ recommendationId: id, teamId, userId: null })),
          ...audience.memberIds.map((userId) => ({ recommendationId: id, teamId: null, userId }))
        ]
        if (audienceRows.length > 0) await tx.insert(recommendationAudience).values(audienceRows)
        const [me] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, session.userId))
        const who = me?.fullName || 'A colleague'
        const note = oneLine(input.note, NOTE_IN_NOTIFICATION)
        const message = `${who} recommends a post to reshare${post.previewAuthor ? ` by ${post.previewAuthor}` : ''}.${note ? ` “${note}”` : ''}`
        for (const userId of new Set(audience.notify)) {
          if (userId === session.userId) continue
          await notifications.notify({ organizationId: session.organization.id, userId, title: RECOMMENDED_TITLE, message, link: RECOMMENDED_LINK }, tx)
        }
        const recipients = [...new Set(audience.notify)].filter((userId) => userId !== session.userId)
        await recordEvent(tx, now, {
          organizationId: session.organization.id,
          name: 'recommendation.created',
          payload: { recommendationId: id, recipientCount: recipients.length },
          actor: { type: 'user', userId: session.userId }
        })
        await record(tx, {
          organizationId: session.organization.id,
          at: now,
          actor: sessionActor(session),
          action: 'recommendation.created',
          target: { type: 'recommendation', id, label: post.previewAuthor ? `Post by ${post.previewAuthor}` : post.url },
          after: {
            linkedInPostUrl: post.url,
            audience: input.audience,
            ...(audience.teamIds.length ? { teamIds: audience.teamIds } : {}),
            ...(audience.memberIds.length ? { memberIds: audience.memberIds } : {}),
            endsAt: endsAt?.toISOString() ?? null
          }
        })
        return (await views(tx, session, [row!]))[0]!
      })
    },

    async dismiss(session, recommendationId) {
      await requirePlan(session)
      if (!isUuid(recommendationId)) throw notFound(RECOMMENDED_MESSAGES.notFound)
      const [row] = await db
        .select({ id: recommendations.id })
        .from(recommendations)
        .where(and(eq(recommendations.id, recommendationId), eq(recommendations.organizationId, session.organization.id), addressedTo(session.userId)))
      if (!row) throw notFound(RECOMMENDED_MESSAGES.notFound)
      await db
        .insert(recommendationDismissals)
        .values({ recommendationId: row.id, userId: session.userId, dismissedAt: clock.now() })
        .onConflictDoNothing()
    },

    async recommendablePosts(session, query) {
      await requirePlan(session)
      await recommenderScope(db, session)
      const search = query.search?.trim()
      const rows = await db
        .select({
          postId: posts.id,
          text: posts.text,
          authorName: users.fullName,
          businessPageName: businessPages.linkedInCompanyName,
          publishedAt: posts.publishedAt,
          urn: posts.linkedInPostUrn
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorUserId))
        .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
        .where(
          and(
            eq(posts.organizationId, session.organization.id),
            eq(posts.status, 'PUBLISHED'),
            isNotNull(posts.linkedInPostUrn),
            search ? ilike(posts.text, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined
          )
        )
        .orderBy(sql`${posts.publishedAt} desc nulls last`, desc(posts.id))
        .limit(RECOMMENDABLE_LIMIT)
      return rows.map((r) => ({
        postId: r.postId,
        text: r.text,
        authorName: r.authorName,
        businessPageName: r.businessPageName,
        publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
        linkedInPostUrl: deps.linkedInAdapter.postUrl(r.urn!)
      }))
    }
  }
}
