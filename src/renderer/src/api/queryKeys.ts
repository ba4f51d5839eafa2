import type { InstantRange, PostTagFilter, ScheduleFilters, TagRange } from './queryParams'

/*
 * Every query key of the app, as key factories (tkdodo, "Effective React Query Keys"): one root per
 * resource, narrower keys below it, so a mutation invalidates a whole resource by its root. They live
 * in one module because mutations invalidate other resources' keys (a team change refreshes members
 * and tags, a member change refreshes teams): with the keys beside their hooks the api modules would
 * import each other in a circle.
 */

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const
}

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const
}

export const organizationKeys = {
  all: ['organization'] as const,
  current: () => [...organizationKeys.all, 'current'] as const
}

export const entitlementKeys = {
  all: ['entitlements'] as const,
  list: () => [...entitlementKeys.all, 'list'] as const
}

export const configKeys = {
  all: ['config'] as const
}

export const joinKeys = {
  all: ['join'] as const,
  info: (token: string) => [...joinKeys.all, 'info', token] as const
}

export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (search: string) => [...memberKeys.lists(), { search }] as const,
  everyone: () => [...memberKeys.all, 'everyone'] as const,
  outbox: () => [...memberKeys.all, 'outbox'] as const
}

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const
}

export const postTagKeys = {
  all: ['postTags'] as const,
  lists: () => [...postTagKeys.all, 'list'] as const,
  list: (filter: PostTagFilter = {}) => [...postTagKeys.lists(), filter] as const
}

export const businessPostTagKeys = {
  all: ['businessPostTags'] as const,
  page: (businessPageId: string) => [...businessPostTagKeys.all, 'page', businessPageId] as const
}

export const aiTemplateKeys = {
  all: ['aiTemplates'] as const,
  list: () => [...aiTemplateKeys.all, 'list'] as const
}

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const
}

export const certificateKeys = {
  all: ['certificates'] as const,
  validation: (certificateId: string) => [...certificateKeys.all, 'validation', certificateId] as const,
  lists: () => [...certificateKeys.all, 'list'] as const,
  list: (scope: 'mine' | 'organization') => [...certificateKeys.lists(), scope] as const
}

/** The Academy (issue 15): the home, each course with its lessons and quiz, the organization's own lessons. */
export const academyKeys = {
  all: ['academy'] as const,
  home: () => [...academyKeys.all, 'home'] as const,
  courses: () => [...academyKeys.all, 'course'] as const,
  course: (slug: string) => [...academyKeys.courses(), slug] as const,
  organizationLessons: () => [...academyKeys.all, 'organizationLessons'] as const
}

export const linkedInKeys = {
  all: ['linkedin'] as const,
  connection: () => [...linkedInKeys.all, 'connection'] as const
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const
}

/** Filters without unset keys, so equal filters make equal query keys. */
export function definedFilters(filters: ScheduleFilters): ScheduleFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as ScheduleFilters
}

/**
 * Every schedule query key starts with ['schedule'] (assigned slots included), so any slot
 * mutation refreshes the whole Plan by invalidating that root.
 */
export const scheduleKeys = {
  all: ['schedule'] as const,
  calendars: () => [...scheduleKeys.all, 'calendar'] as const,
  calendar: (range: InstantRange, filters: ScheduleFilters) =>
    [...scheduleKeys.calendars(), { from: range.from, to: range.to, ...definedFilters(filters) }] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  list: (filters: ScheduleFilters & Partial<InstantRange>) => [...scheduleKeys.lists(), definedFilters(filters)] as const,
  slotLookup: (slotId: string) => [...scheduleKeys.all, 'slot', slotId] as const
}

/** Topic and business post tag options of the assign-slot modal, under the tags' own roots so tag edits refresh them. */
export const slotTagKeys = {
  users: (userIds: readonly string[], range: TagRange) => [...postTagKeys.all, 'byUsers', { userIds: [...userIds].sort(), ...range }] as const,
  pages: (pageIds: readonly string[], range: TagRange) => [...businessPostTagKeys.all, 'byPages', { pageIds: [...pageIds].sort(), ...range }] as const
}

/** Query keys of posts: one root, lists and single posts below it. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const
}

/**
 * The Plan's slot queries that the editor reads (under ['schedule'], so slot and post changes that
 * invalidate the Plan refresh them too).
 */
export const postSlotKeys = {
  upcoming: () => [...scheduleKeys.all, 'assigned', 'upcoming'] as const,
  one: (slotId: string) => [...scheduleKeys.all, 'assigned', 'one', slotId] as const
}

export const reviewKeys = {
  all: ['review'] as const,
  inboxes: () => [...reviewKeys.all, 'inbox'] as const,
  inbox: (query: object) => [...reviewKeys.inboxes(), query] as const,
  thread: (postId: string) => [...reviewKeys.all, 'thread', postId] as const,
  candidates: (postId: string, search: string) => [...reviewKeys.all, 'candidates', postId, search] as const,
  versions: (postId: string) => [...reviewKeys.all, 'versions', postId] as const
}

/** Team effort per month and time zone; a nudge changes none of it. */
export const teamEffortKeys = {
  all: ['teamEffort'] as const,
  month: (month: string, timezone: string) => [...teamEffortKeys.all, { month, timezone }] as const
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  current: (timezone: string) => [...dashboardKeys.all, { timezone }] as const
}

/** Analytics: one key per endpoint and query (period, zone, filters; sort for the posts). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  posts: (query: object) => [...analyticsKeys.all, 'posts', query] as const,
  groups: (kind: string, query: object) => [...analyticsKeys.all, 'groups', kind, query] as const,
  timeseries: (query: object) => [...analyticsKeys.all, 'timeseries', query] as const
}

/** The Social Selling Index (issue 15): the user's own history, and the teams' monthly trend. */
export const ssiKeys = {
  all: ['ssi'] as const,
  history: () => [...ssiKeys.all, 'history'] as const,
  teamTrend: (months: number) => [...ssiKeys.all, 'teamTrend', months] as const
}

/** The organization's posting guideline (POLICY_PAGE): its text with the user's reading, and who has read it. */
export const guidelineKeys = {
  all: ['guideline'] as const,
  current: () => [...guidelineKeys.all, 'current'] as const,
  readers: () => [...guidelineKeys.all, 'readers'] as const
}
