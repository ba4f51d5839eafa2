import type { Session } from '@shared/api/contract'
import type { AiTemplateDetail, Entitlement, EntitlementKey, Member, Notification, Organization, PostTag, Team, User } from '@shared/domain'

const DAY = 24 * 60 * 60 * 1000

export function aSession(overrides: Partial<Session> = {}): Session {
  return { userId: 'user-1', email: 'ada@example.com', organizationId: 'org-a', organizationWorkOSId: 'org_a', needsOnboarding: false, ...overrides }
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    image: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    timezone: 'Europe/London',
    userHash: 'hash-1',
    userApprovalFlow: false,
    isLinkedInConnected: true,
    linkedInExpireAt: null,
    guidelineRead: true,
    socialSellingIndex: 52,
    organizations: [{ id: 'org-a', name: 'Acme', organizationWorkOSId: 'org_a', unreadNotificationCount: 2 }],
    teams: [],
    leadingTeams: [],
    userOrgBusinessPages: [],
    userOrgSettings: [
      { role: 'ADMIN', status: 'ACTIVE', assignedNumberOfPosts: 0, organizationId: 'org-a', organizationWorkOSId: 'org_a', postTags: [] }
    ],
    ...overrides
  }
}

export function withRole(user: User, role: 'ADMIN' | 'MEMBER' | 'GHOST'): User {
  const [first, ...rest] = user.userOrgSettings
  return { ...user, userOrgSettings: first ? [{ ...first, role }, ...rest] : [] }
}

export function anOrganization(overrides: Partial<Organization> = {}, now = new Date()): Organization {
  return {
    id: 'org-a',
    name: 'Acme',
    organizationWorkOSId: 'org_a',
    createdAt: '2025-01-01T00:00:00.000Z',
    users: 1,
    currentPlan: {
      availableSeats: 3,
      minSeats: 1,
      productId: null,
      productName: null,
      status: 'trialing',
      endsAt: null,
      trialEndsAt: new Date(now.getTime() + 14 * DAY).toISOString()
    },
    organizationBusinessPages: [],
    ...overrides
  }
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    title: 'Welcome to Pagecrew',
    message: 'Your organization is ready.',
    read: false,
    link: '/settings',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides
  }
}

export const daysFromNow = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY).toISOString()

export function aMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 'member-1',
    email: 'grace@example.com',
    fullName: 'Grace Hopper',
    image: null,
    role: 'MEMBER',
    status: 'ACTIVE',
    assignedNumberOfPosts: 4,
    userApprovalFlow: false,
    teams: [],
    businessPages: [],
    postTags: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides
  }
}

export function aTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 'team-1',
    name: 'Writers',
    members: [{ id: 'member-1', fullName: 'Grace Hopper', image: null }],
    teamLeaders: [{ id: 'member-1', fullName: 'Grace Hopper', image: null }],
    requireTag: false,
    aISettingTemplateId: null,
    previewURL: null,
    imageName: null,
    ...overrides
  }
}

export function aPostTag(overrides: Partial<PostTag> = {}): PostTag {
  return { id: 'tag-1', title: 'Hiring', color: '#0f6cbd', description: null, assignedUsers: [], ...overrides }
}

export function anAiTemplate(overrides: Partial<AiTemplateDetail> = {}): AiTemplateDetail {
  return {
    id: 'template-1',
    templateName: 'Default voice',
    isDefaultOrganizationTemplate: true,
    industries: ['Software'],
    tone: '',
    targetAudience: '',
    instructions: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides
  }
}

/** Entitlements with these keys, unlimited unless a limit and usage are given. */
export function entitlements(keys: readonly EntitlementKey[], usage: Partial<Record<EntitlementKey, [limit: number, used: number]>> = {}): Entitlement[] {
  return keys.map((lookupKey) => ({ lookupKey, limit: usage[lookupKey]?.[0] ?? 0, currentUsage: usage[lookupKey]?.[1] ?? 0 }))
}

/** One page of GET /members/list holding these members. */
export function memberPage(members: Member[], page = 1, pageSize = 100, total = members.length) {
  return { members, total, page, pageSize }
}
