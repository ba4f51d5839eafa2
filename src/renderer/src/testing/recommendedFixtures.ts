import type { Recommendation, RecommendedList } from '@shared/domain/recommended'

/** Linus (an admin) recommends Acme's launch post to everyone, with two suggested comments; open, not reshared. */
export function aRecommendation(overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id: 'rec-1',
    createdAt: '2026-03-02T09:00:00.000Z',
    createdBy: { id: 'user-2', fullName: 'Linus Lead' },
    postId: 'post-9',
    linkedInPostUrn: 'urn:li:share:9001',
    linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:9001/',
    previewText: 'Acme Robotics opens its second factory today.',
    previewAuthor: 'Acme Robotics',
    note: 'Our biggest news this quarter.',
    suggestedComments: ['Proud of the team!', 'Two factories, one mission.'],
    audience: { kind: 'everyone', teams: [], members: [] },
    endsAt: null,
    myReshare: null,
    reshareCount: 0,
    reshares: [],
    ...overrides
  }
}

export function aRecommendedList(overrides: Partial<RecommendedList> = {}): RecommendedList {
  return { forMe: [], created: [], canRecommend: false, ...overrides }
}
