import { and, count, eq, gte, lt } from 'drizzle-orm'
import { ENTITLEMENT_KEYS, type Entitlement, type EntitlementKey } from '../../shared/domain'
import { isEntitled, trialEntitlementKeys } from '../../shared/rules'
import type { PlanDefinition } from '../../shared/constants'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { allInTurn } from '../db/inTurn'
import { aiGenerations, aiTemplates, businessPages, postTags, teams } from '../db/schema'
import { planLimit } from '../errors'
import { renewDuePeriods } from './renewals'
import { planById, type SubscriptionRow } from './subscriptions'

/** limit 0 means unlimited (spec §4). */
const UNLIMITED = 0

/**
 * What each paid plan grants. From the plan table (spec §9): GENERATE_IDEAS_PER_MONTH = AIPrompts,
 * TEAMS = teamsIncluded, ACADEMY and REVIEW_FLOW when the plan has them. The spec is silent on
 * the rest; decisions:
 * - TOPIC_TAGS and POLICY_PAGE: every plan, unlimited (basic collaboration features).
 * - BUSINESS_PAGES: Entry 1, Professional 3, Enterprise unlimited.
 * - AI_TEMPLATES: Entry 1, Professional 5, Enterprise unlimited.
 * - RECOMMEND_POST and GHOST_ROLE: Professional and Enterprise (the plans with review flow).
 * - API (API keys, webhooks, chat channels; not a spec key): Professional and Enterprise.
 * Absent keys are not granted.
 */
export function planEntitlementLimits(plan: PlanDefinition): Partial<Record<EntitlementKey, number>> {
  const tier = plan.id === 'enterprise' ? 2 : plan.id === 'professional' ? 1 : 0
  const limits: Partial<Record<EntitlementKey, number>> = {
    GENERATE_IDEAS_PER_MONTH: plan.AIPrompts,
    TEAMS: plan.teamsIncluded,
    TOPIC_TAGS: UNLIMITED,
    POLICY_PAGE: UNLIMITED,
    BUSINESS_PAGES: [1, 3, UNLIMITED][tier]!,
    AI_TEMPLATES: [1, 5, UNLIMITED][tier]!
  }
  if (plan.academy) limits.ACADEMY = UNLIMITED
  if (plan.reviewFlow) limits.REVIEW_FLOW = UNLIMITED
  if (tier >= 1) {
    limits.RECOMMEND_POST = UNLIMITED
    limits.GHOST_ROLE = UNLIMITED
    limits.API = UNLIMITED
  }
  return limits
}

const PAID_STATUSES = new Set(['active', 'past_due'])
const CANCELLED_STATUSES = new Set(['canceled', 'cancelled'])

/**
 * The entitlement limits a subscription grants right now:
 * - trialing/on_trial before trialEndsAt: every key except ACADEMY, unlimited (spec §4);
 * - active or past_due (payment being retried) with a known plan: the plan's limits;
 * - canceled/cancelled with a plan until endsAt: the plan's limits;
 * - anything else (expired trial, unpaid, paused, incomplete, expired): nothing.
 * An endsAt in the past always ends the grant (spec §4's expiry test).
 */
export function grantedLimits(row: SubscriptionRow | null, now: Date): Partial<Record<EntitlementKey, number>> {
  if (!row) return {}
  if (row.endsAt && row.endsAt.getTime() < now.getTime()) return {}
  if (row.status === 'trialing' || row.status === 'on_trial') {
    if (row.trialEndsAt && row.trialEndsAt.getTime() < now.getTime()) return {}
    return Object.fromEntries(trialEntitlementKeys().map((key) => [key, UNLIMITED]))
  }
  const plan = planById(row.productId)
  if (!plan) return {}
  if (PAID_STATUSES.has(row.status) || (CANCELLED_STATUSES.has(row.status) && row.endsAt)) {
    return planEntitlementLimits(plan)
  }
  return {}
}

/** [start, end) of the UTC calendar month of `now`: the period GENERATE_IDEAS_PER_MONTH counts in. */
function utcMonthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end }
}

/**
 * Current usage per key: real counts of the organization's business pages, teams, topic tags and
 * AI templates, and its AI generations (ideas and drafts) in the current UTC calendar month by
 * the server clock; 0 for features not built yet.
 */
async function currentUsage(executor: Executor, organizationId: string, now: Date): Promise<Partial<Record<EntitlementKey, number>>> {
  const countOf = async (table: typeof businessPages | typeof teams | typeof postTags | typeof aiTemplates) => {
    const [row] = await executor.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId))
    return Number(row?.n ?? 0)
  }
  const month = utcMonthOf(now)
  const generationsThisMonth = async () => {
    const [row] = await executor
      .select({ n: count() })
      .from(aiGenerations)
      .where(and(eq(aiGenerations.organizationId, organizationId), gte(aiGenerations.createdAt, month.start), lt(aiGenerations.createdAt, month.end)))
    return Number(row?.n ?? 0)
  }
  const [pages, teamCount, tags, templates, generations] = await allInTurn(executor, [
    () => countOf(businessPages),
    () => countOf(teams),
    () => countOf(postTags),
    () => countOf(aiTemplates),
    generationsThisMonth
  ])
  return { BUSINESS_PAGES: pages, TEAMS: teamCount, TOPIC_TAGS: tags, AI_TEMPLATES: templates, GENERATE_IDEAS_PER_MONTH: generations }
}

export interface EntitlementService {
  /** The organization's entitlements; `executor` reads inside a transaction (counts under its locks). */
  list(organizationId: string, executor?: Executor): Promise<Entitlement[]>
  /**
   * Whether the plan has `key` at all, whatever its usage (hasEntitlement over list, without list's
   * usage counts): a feature check on every request of a gated endpoint reads the subscription only.
   */
  has(organizationId: string, key: EntitlementKey): Promise<boolean>
  /**
   * 402 with `message` unless the organization may have one more of `key`. Call it inside the
   * write transaction after lockOrganization: the count is then taken under the lock, so two
   * simultaneous creates cannot both pass at limit − 1.
   */
  requireWithin(tx: Executor, organizationId: string, key: EntitlementKey, message: string): Promise<void>
}

export function createEntitlementService(db: Database, clock: Clock): EntitlementService {
  const service: EntitlementService = {
    async list(organizationId, executor = db) {
      const now = clock.now()
      // Built-in billing renews lazily: a period end that has passed is settled before reading.
      const limits = grantedLimits(await renewDuePeriods(executor, organizationId, now), now)
      const usage = await currentUsage(executor, organizationId, now)
      return ENTITLEMENT_KEYS.filter((key) => limits[key] !== undefined).map((lookupKey) => ({
        lookupKey,
        limit: limits[lookupKey]!,
        currentUsage: usage[lookupKey] ?? 0
      }))
    },

    async has(organizationId, key) {
      const now = clock.now()
      return grantedLimits(await renewDuePeriods(db, organizationId, now), now)[key] !== undefined
    },

    async requireWithin(tx, organizationId, key, message) {
      if (!isEntitled(await service.list(organizationId, tx), key)) throw planLimit(message)
    }
  }
  return service
}
