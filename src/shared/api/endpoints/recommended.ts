import { z } from 'zod'
import { createRecommendationBodySchema, recommendablePostSchema, recommendationSchema, recommendedListSchema } from '../../domain/recommended'
import { singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { idSchema } from './common'
import { RECOMMENDED_MESSAGES } from '../../domain/recommended'

export const recommendedEndpoints = {
  // Recommended posts (issue 15): RECOMMEND_POST (402 otherwise).
  listRecommended: endpoint({ entitlement: 'RECOMMEND_POST', method: 'GET', path: '/recommended', query: none, body: none, response: recommendedListSchema }),
  /** Admins and team leaders (leaders: their teams and members only). The audience is notified. */
  createRecommendation: endpoint({ role: 'leaderOrAdmin', refused: RECOMMENDED_MESSAGES.onlyRecommenders, entitlement: 'RECOMMEND_POST', method: 'POST', path: '/recommended/create', query: none, body: createRecommendationBodySchema, response: recommendationSchema, idempotent: true }),
  dismissRecommendation: endpoint({ entitlement: 'RECOMMEND_POST', method: 'POST', path: '/recommended/dismiss', query: none, body: z.object({ recommendationId: idSchema }), response: ok }),
  /** The organization's published posts a recommender may pick (newest first). */
  recommendablePosts: endpoint({ role: 'leaderOrAdmin', refused: RECOMMENDED_MESSAGES.onlyRecommenders, entitlement: 'RECOMMEND_POST',
    method: 'GET',
    path: '/recommended/posts',
    query: z.object({ search: singleLineText().trim().max(200).optional() }),
    body: none,
    response: z.array(recommendablePostSchema)
  })
} as const
