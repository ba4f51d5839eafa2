import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { MemberStatus, Role, User, UserOrgSetting } from '../../../shared/domain'
import { users } from '../../db/schema'
import { notFound } from '../../errors'
import type { AuthSession } from '../sessions'
import type { UserDeps } from './types'

/* GET /user in one statement (docs/architecture.md, "Notifications and `GET /user`"). */

/** The chat provider's identity-verification hash: HMAC-SHA256(secret, userId) as hex; '' without a secret. */
function userHashFor(userId: string, secret: string | null): string {
  return secret ? createHmac('sha256', secret).update(userId).digest('hex') : ''
}

/** A membership as GET /user's statement writes it: organization, membership, unread count, post tag ids, guideline unread. */
type MembershipTuple = [string, string, string, Role, MemberStatus, number, boolean, number, string[], boolean]

/** Each membership of GET /user's statement ("m", its organization "o"), in MembershipTuple's order. */
const MEMBERSHIP_FIELDS = sql.join(
  [
    sql`"o"."id", "o"."organization_work_os_id", "o"."name", "m"."role", "m"."status", "m"."assigned_number_of_posts", "m"."user_approval_flow"`,
    sql`coalesce((select "c"."unread" from "notification_unread_counts" "c" where "c"."user_id" = "m"."user_id" and "c"."organization_id" = "m"."organization_id"), 0)`,
    sql`(select coalesce(json_agg("pta"."tag_id" order by lower("pt"."title"), "pt"."id"), '[]'::json) from "post_tag_assignments" "pta" inner join "post_tags" "pt" on "pt"."id" = "pta"."tag_id" where "pta"."organization_id" = "m"."organization_id" and "pta"."user_id" = "m"."user_id")`,
    // The guideline is unread while there is one the member has not confirmed since it last changed.
    sql`("o"."guideline" is not null and ("m"."guideline_read_at" is null or "m"."guideline_read_at" < "o"."guideline_updated_at"))`
  ],
  sql`, `
)

/** GET /user for the session: its current organization's settings come first (spec §6). */
export async function viewUser(deps: Pick<UserDeps, 'db' | 'supportChatSecret'>, session: AuthSession): Promise<User> {
  const { db, supportChatSecret } = deps
  // One statement (issue 16): GET /user is polled every 30 s by every open app, so it costs about
  // what the session look-up costs however many organizations, teams and notifications the user
  // has. Each part is an index probe: the latest SSI (ssi_records_user_recorded_idx), the LinkedIn
  // connection (its key), memberships (memberships_user_idx) with each one's unread count (a
  // number kept by triggers, migration 0014) and post tags (post_tag_assignments_org_user_idx),
  // teams (team_members_user_idx), and the current organization's pages. JSON travels as text:
  // node-postgres and PGlite parse it alike.
  const currentId = session.organization?.id ?? null
  const [found] = await db
    .select({
      user: users,
      // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be ssi_records'.
      socialSellingIndex: sql<number | null>`(select "latest_ssi"."score" from "ssi_records" "latest_ssi" where "latest_ssi"."user_id" = "users"."id" order by "latest_ssi"."recorded_at" desc limit 1)`,
      linkedInExpiresAt: sql<string | null>`(select to_json("li"."access_token_expires_at")::text from "linkedin_connections" "li" where "li"."user_id" = "users"."id")`,
      memberships: sql<string>`(select coalesce(json_agg(json_build_array(${MEMBERSHIP_FIELDS}) order by lower("o"."name"), "o"."id"), '[]'::json)::text from "memberships" "m" inner join "organizations" "o" on "o"."id" = "m"."organization_id" where "m"."user_id" = "users"."id")`,
      teams: sql<string>`(select coalesce(json_agg(json_build_array("tm"."team_id", "tm"."organization_id", "tm"."is_leader") order by "tm"."organization_id", "tm"."team_id"), '[]'::json)::text from "team_members" "tm" where "tm"."user_id" = "users"."id")`,
      pages: sql<string>`(select coalesce(json_agg("bpm"."business_page_id" order by "bpm"."business_page_id"), '[]'::json)::text from "business_page_members" "bpm" where "bpm"."organization_id" = ${currentId} and "bpm"."user_id" = "users"."id")`
    })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1)
  if (!found) throw notFound('User not found.')
  const { user } = found
  const rows = (JSON.parse(found.memberships) as MembershipTuple[]).map(
    ([organizationId, organizationWorkOSId, name, role, status, assignedNumberOfPosts, userApprovalFlow, unread, postTags, guidelineUnread]) => ({
      organizationId,
      organizationWorkOSId,
      name,
      role,
      status,
      assignedNumberOfPosts,
      userApprovalFlow,
      unread,
      postTags,
      guidelineUnread
    })
  )
  const teamRows = (JSON.parse(found.teams) as [string, string, boolean][]).map(([teamId, organizationId, isLeader]) => ({ teamId, organizationId, isLeader }))
  const pageIds = currentId ? (JSON.parse(found.pages) as string[]) : []
  const linkedInExpiresAt = found.linkedInExpiresAt === null ? null : new Date(JSON.parse(found.linkedInExpiresAt) as string)
  const current = rows.find((r) => r.organizationId === currentId)
  const settings: UserOrgSetting[] = [...(current ? [current] : []), ...rows.filter((r) => r !== current)].map((r) => ({
    role: r.role,
    status: r.status,
    assignedNumberOfPosts: r.assignedNumberOfPosts,
    organizationId: r.organizationId,
    organizationWorkOSId: r.organizationWorkOSId,
    postTags: r.postTags
  }))
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    image: user.image,
    createdAt: user.createdAt.toISOString(),
    timezone: user.timezone,
    userHash: userHashFor(user.id, supportChatSecret),
    userApprovalFlow: current?.userApprovalFlow ?? false,
    // Connected stays true after the token expires: the banner then asks to reconnect (spec §2).
    isLinkedInConnected: linkedInExpiresAt !== null,
    linkedInExpireAt: linkedInExpiresAt ? linkedInExpiresAt.toISOString() : null,
    socialSellingIndex: found.socialSellingIndex,
    // Nothing to read counts as read: the banner asks only when the current organization has a guideline not yet confirmed.
    guidelineRead: !current?.guidelineUnread,
    organizations: rows
      .filter((r) => r.status === 'ACTIVE')
      .map((r) => ({
        id: r.organizationId,
        name: r.name,
        organizationWorkOSId: r.organizationWorkOSId,
        unreadNotificationCount: r.unread
      })),
    // Team memberships in every organization; the teams led in the current one (spec §6).
    teams: teamRows.map((t) => ({ organizationId: t.organizationId })),
    leadingTeams: teamRows.filter((t) => t.isLeader && t.organizationId === currentId).map((t) => ({ id: t.teamId })),
    userOrgBusinessPages: pageIds.map((id) => ({ businessPageId: id, businessPage: { id } })),
    userOrgSettings: settings
  }
}
