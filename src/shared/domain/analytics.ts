import { z } from 'zod'
import { instantSchema, personRefSchema, tagRefSchema } from './common'
import { postTypeSchema } from './enums'

// ---------------------------------------------------------------------------------------------
// Results: post metrics, Analytics, Team effort, Dashboard (issue 14)
// ---------------------------------------------------------------------------------------------

/** A post's results; the rate is (reactions + comments + reshares + clicks) / impressions, null without impressions. */
export const metricTotalsSchema = z.object({
  impressions: z.number().int().nonnegative(),
  membersReached: z.number().int().nonnegative().nullable(),
  reactions: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  reshares: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative().nullable(),
  engagementRate: z.number().nonnegative().nullable()
})
export type MetricTotals = z.infer<typeof metricTotalsSchema>

/** 'pending': not read yet; 'unavailable': LinkedIn does not give this connection the post's statistics. */
export const metricsStatusSchema = z.enum(['ok', 'pending', 'unavailable'])
export type MetricsStatus = z.infer<typeof metricsStatusSchema>

export const analyticsPostRowSchema = metricTotalsSchema.extend({
  postId: z.string(),
  excerpt: z.string(),
  author: personRefSchema,
  businessPage: z.object({ id: z.string(), linkedInCompanyName: z.string() }).nullable(),
  type: postTypeSchema,
  /** The topic tag of the slot the post was written for. */
  tag: tagRefSchema.nullable(),
  publishedAt: instantSchema,
  linkedInPostUrl: z.string().nullable(),
  /** A reshare of a recommended post (issue 15): its text is the comment on the reshared post. */
  isReshare: z.boolean(),
  metricsStatus: metricsStatusSchema,
  metricsUpdatedAt: instantSchema.nullable()
})
export type AnalyticsPostRow = z.infer<typeof analyticsPostRowSchema>

export const analyticsPostsSchema = z.object({
  rows: z.array(analyticsPostRowSchema),
  /** Matching posts in all (the rows are one page of them). */
  total: z.number().int().nonnegative(),
  totals: metricTotalsSchema
})
export type AnalyticsPosts = z.infer<typeof analyticsPostsSchema>

/** One row of a per-member, per-team or per-page aggregate. */
export const analyticsGroupRowSchema = metricTotalsSchema.extend({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  posts: z.number().int().nonnegative(),
  /** Members: their team's name; teams: the number of members; pages: null. */
  detail: z.string().nullable()
})
export type AnalyticsGroupRow = z.infer<typeof analyticsGroupRowSchema>
export const analyticsGroupsSchema = z.object({ rows: z.array(analyticsGroupRowSchema), totals: metricTotalsSchema.extend({ posts: z.number().int().nonnegative() }) })
export type AnalyticsGroups = z.infer<typeof analyticsGroupsSchema>

export const analyticsTimeseriesSchema = z.object({
  /** Per calendar day in the requested time zone, every day of the period (zeros included), by publishing day. */
  days: z.array(
    z.object({
      date: z.string(),
      posts: z.number().int().nonnegative(),
      impressions: z.number().int().nonnegative(),
      engagements: z.number().int().nonnegative(),
      engagementRate: z.number().nonnegative().nullable()
    })
  ),
  byType: z.array(z.object({ type: postTypeSchema, posts: z.number().int().nonnegative(), impressions: z.number().int().nonnegative(), engagementRate: z.number().nonnegative().nullable() })),
  /** Weekday (0 Monday … 6 Sunday) × hour (0-23) of publishing in the requested time zone; only cells with posts. */
  heatmap: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      posts: z.number().int().nonnegative(),
      engagementRate: z.number().nonnegative().nullable()
    })
  ),
  /** With postId: that post's snapshots, oldest first. */
  snapshots: z.array(
    z.object({
      takenAt: instantSchema,
      impressions: z.number().int().nonnegative(),
      membersReached: z.number().int().nonnegative().nullable(),
      reactions: z.number().int().nonnegative(),
      comments: z.number().int().nonnegative(),
      reshares: z.number().int().nonnegative(),
      clicks: z.number().int().nonnegative().nullable()
    })
  )
})
export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseriesSchema>

export const effortMemberSchema = z.object({
  member: personRefSchema,
  /** assignedNumberOfPosts: the monthly target (0: none). */
  target: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  /** Of `published`, the reshares of recommended posts (issue 15). */
  reshares: z.number().int().nonnegative(),
  slotsAssigned: z.number().int().nonnegative(),
  slotsDone: z.number().int().nonnegative(),
  slotsMissed: z.number().int().nonnegative(),
  /** Published posts of slots published by their slot's time / slots done; null without slots done. */
  onTimeRate: z.number().min(0).max(1).nullable(),
  /** Weeks in a row (up to the month's end, or this week) with at least one published post. */
  streakWeeks: z.number().int().nonnegative(),
  /** Behind the target's pace for the days gone by in the month. */
  behind: z.boolean(),
  /** The member's next open slot, for a nudge's link. */
  nextSlotId: z.string().nullable(),
  /** Nudged already today, in the member's time zone (one nudge a day: the button says Nudged). */
  nudgedToday: z.boolean()
})
export type EffortMember = z.infer<typeof effortMemberSchema>

export const effortTeamSchema = z.object({
  team: z.object({ id: z.string(), name: z.string(), previewURL: z.string().nullable() }),
  /** Members with a target. */
  members: z.array(effortMemberSchema),
  /** Members without a target (listed apart). */
  withoutTarget: z.array(effortMemberSchema),
  target: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  /** Sum over members with a target of min(published, target) / sum of targets: fair across team sizes; null without targets. */
  shareOfTarget: z.number().min(0).max(1).nullable(),
  /** 1 = best; null without targets. */
  rank: z.number().int().positive().nullable()
})
export type EffortTeam = z.infer<typeof effortTeamSchema>

export const teamEffortSchema = z.object({
  /** 'YYYY-MM' in `timezone`. */
  month: z.string(),
  timezone: z.string(),
  teams: z.array(effortTeamSchema),
  /** Active members in no team. */
  unassigned: z.array(effortMemberSchema),
  /** Whether the viewer may nudge (a leader of that team, or an admin): team ids. */
  canNudge: z.array(z.string())
})
export type TeamEffort = z.infer<typeof teamEffortSchema>

export const dashboardSchema = z.object({
  month: z.string(),
  me: z.object({
    target: z.number().int().nonnegative(),
    published: z.number().int().nonnegative(),
    nextSlots: z.array(z.object({ id: z.string(), time: instantSchema, postType: postTypeSchema, comment: z.string(), postId: z.string().nullable() })),
    drafts: z.array(z.object({ postId: z.string(), excerpt: z.string(), updatedAt: instantSchema })),
    draftCount: z.number().int().nonnegative(),
    /** Feedback requests and approvals waiting for me; null without REVIEW_FLOW. */
    reviewsWaiting: z.number().int().nonnegative().nullable(),
    lastPosts: z.array(analyticsPostRowSchema),
    team: z.object({ id: z.string(), name: z.string(), rank: z.number().int().positive().nullable(), teams: z.number().int().nonnegative(), shareOfTarget: z.number().nullable() }).nullable()
  }),
  /** For admins (ADMIN, GHOST). */
  organization: z
    .object({
      published: z.number().int().nonnegative(),
      target: z.number().int().nonnegative(),
      topPosts: z.array(analyticsPostRowSchema),
      membersBehind: z.array(z.object({ member: personRefSchema, published: z.number().int().nonnegative(), target: z.number().int().nonnegative() }))
    })
    .nullable(),
  /** A new organization's first steps, until all are done (admins); null once done or for members. */
  setup: z
    .object({
      linkedInConnected: z.boolean(),
      invited: z.boolean(),
      teamCreated: z.boolean(),
      slotAssigned: z.boolean(),
      postWritten: z.boolean()
    })
    .nullable()
})
export type Dashboard = z.infer<typeof dashboardSchema>
