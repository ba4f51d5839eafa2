import type { AnalyticsPostRow, Dashboard, EffortMember, EffortTeam, TeamEffort } from '@shared/domain'

/** A member's month on Team effort: on target unless told otherwise. */
export function anEffortMember(id: string, fullName: string, overrides: Partial<EffortMember> = {}): EffortMember {
  return {
    member: { id, fullName, image: null },
    target: 4,
    published: 2,
    reshares: 0,
    slotsAssigned: 3,
    slotsDone: 2,
    slotsMissed: 1,
    onTimeRate: 0.5,
    streakWeeks: 2,
    behind: false,
    nextSlotId: null,
    nudgedToday: false,
    ...overrides
  }
}

export function anEffortTeam(id: string, name: string, overrides: Partial<EffortTeam> = {}): EffortTeam {
  return { team: { id, name, previewURL: null }, members: [], withoutTarget: [], target: 0, published: 0, shareOfTarget: null, rank: null, ...overrides }
}

export function aTeamEffort(month: string, overrides: Partial<TeamEffort> = {}): TeamEffort {
  return { month, timezone: 'Europe/London', teams: [], unassigned: [], canNudge: [], ...overrides }
}

export function aPostRow(postId: string, overrides: Partial<AnalyticsPostRow> = {}): AnalyticsPostRow {
  return {
    postId,
    excerpt: `Post ${postId}`,
    author: { id: 'user-1', fullName: 'Ada Lovelace', image: null },
    businessPage: null,
    type: 'textOnly',
    tag: null,
    publishedAt: '2026-11-02T09:00:00.000Z',
    linkedInPostUrl: null,
    isReshare: false,
    metricsStatus: 'ok',
    metricsUpdatedAt: '2026-11-03T09:00:00.000Z',
    impressions: 1200,
    membersReached: null,
    reactions: 30,
    comments: 4,
    reshares: 1,
    clicks: null,
    engagementRate: 0.029,
    ...overrides
  }
}

/** A member's dashboard with nothing in it; `me` and the rest overridable. */
export function aDashboard(overrides: { me?: Partial<Dashboard['me']>; organization?: Dashboard['organization']; setup?: Dashboard['setup']; month?: string } = {}): Dashboard {
  return {
    month: overrides.month ?? '2026-11',
    me: { target: 0, published: 0, nextSlots: [], drafts: [], draftCount: 0, reviewsWaiting: null, lastPosts: [], team: null, ...overrides.me },
    organization: overrides.organization ?? null,
    setup: overrides.setup ?? null
  }
}
