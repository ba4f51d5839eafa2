import { and, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { PostStage } from '../../../shared/domain/entities'
import type { Priority } from '../../../shared/domain/enums'
import { POST_STAGE_RULES } from '../../../shared/rules/postLifecycle'
import type { Database } from '../../db/client'
import { posts, reviewRequests, reviewReviewers, teamMembers } from '../../db/schema'
import { teamsLedByQuery } from '../access'
import type { OrganizationSession } from '../sessions'

/**
 * The review inbox's SQL: a post's stage, the open request's priority and each tab's condition
 * (docs/architecture.md, "Collaborate: reviews, approvals and versions", the inbox). Shared by
 * the inbox and its "requested" count.
 */
const PRIORITY_RANK: Record<Priority, number> = { URGENT: 0, HIGH: 1, MEDIUM: 2, LOW: 3, NOPRIORITY: 4 }

/**
 * Where a post stands (postStageSchema): PUBLISHED, SCHEDULED (also while being published),
 * FAILED, REJECTED, IN_REVIEW, APPROVED, DRAFT — the first that applies. Built from the
 * lifecycle's POST_STAGE_RULES, which postStage() reads the same way.
 */
export const stageSql = (() => {
  const inStatuses = (statuses: readonly string[]) => sql.raw(`${statuses.map((s) => `'${s}'`).join(', ')}`)
  const conditionOf = (rule: (typeof POST_STAGE_RULES)[number]): SQL | null => {
    const byStatus = rule.statuses
      ? rule.failed
        ? sql`(${posts.status} in (${inStatuses(rule.statuses)}) and ${posts.failureReason} is not null)`
        : sql`${posts.status} in (${inStatuses(rule.statuses)})`
      : null
    const byApproval = rule.approval ? sql`${posts.approvalStatus} = ${sql.raw(`'${rule.approval}'`)}` : null
    if (byStatus && byApproval) return rule.either ? sql`(${byStatus} or ${byApproval})` : sql`(${byStatus} and ${byApproval})`
    return byStatus ?? byApproval
  }
  const whens = POST_STAGE_RULES.flatMap((rule) => {
    const condition = conditionOf(rule)
    return condition ? [sql`when ${condition} then ${sql.raw(`'${rule.stage}'`)}`] : []
  })
  const fallback = POST_STAGE_RULES.find((rule) => !rule.statuses && !rule.approval)?.stage ?? 'DRAFT'
  return sql<PostStage>`(case ${sql.join(whens, sql` `)} else ${sql.raw(`'${fallback}'`)} end)`
})()
/** The open request's priority; none counts as NOPRIORITY. */
export const prioritySql = sql<Priority>`coalesce(${reviewRequests.priority}, 'NOPRIORITY')`
export const priorityRankSql = sql<number>`(case ${prioritySql} ${sql.join(
  Object.entries(PRIORITY_RANK).map(([priority, rank]) => sql`when ${priority} then ${sql.raw(String(rank))}`),
  sql` `
)} end)`

/** Posts of the teams the user leads (the user left out), as a subquery; admins: null (everyone's). */
function ledAuthors(db: Database, session: OrganizationSession) {
  const myTeams = teamsLedByQuery(db, session.organization.id, session.userId)
  return db.select({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, myTeams))
}

/** Each inbox tab's condition on posts (joined with their open request). */
export function tabConditions(db: Database, session: OrganizationSession, admin: boolean): { requested: SQL; mine: SQL; team: SQL } {
  const me = session.userId
  const othersIMayApprove = and(ne(posts.authorUserId, me), admin ? undefined : inArray(posts.authorUserId, ledAuthors(db, session)))!
  const askedOfMe = and(
    eq(reviewRequests.open, true),
    exists(
      db
        .select({ one: sql`1` })
        .from(reviewReviewers)
        .where(and(eq(reviewReviewers.postId, posts.id), eq(reviewReviewers.userId, me)))
    )
  )!
  return {
    requested: and(ne(posts.status, 'PUBLISHED'), or(askedOfMe, and(eq(posts.approvalStatus, 'PENDING'), othersIMayApprove)))!,
    mine: eq(posts.authorUserId, me),
    team: and(sql`${stageSql} = 'IN_REVIEW'`, othersIMayApprove)!
  }
}
