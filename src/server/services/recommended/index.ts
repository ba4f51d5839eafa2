import type { Recommendation, RecommendablePost, RecommendedList } from '../../../shared/domain/recommended'
import type { OrganizationSession } from '../sessions'
import { createRecommendation } from './createRecommendation'
import { dismissRecommendation } from './dismissRecommendation'
import { listRecommended } from './listRecommended'
import { recommendablePosts } from './recommendablePosts'
import type { CreateRecommendationInput, RecommendedDeps } from './types'

/*
 * Recommended posts (issue 15): admins and team leaders recommend a post for resharing — one of
 * the organization's published posts or any LinkedIn post address — to everyone, teams or members;
 * the audience reshares it through the posts service (POST /posts/create with recommendationId)
 * and the exactly-once publisher. One use case per file; this facade only delegates. The rules are
 * in docs/architecture.md, "Recommended posts".
 */

export { addressedTo, isOpen } from './addressing'
export { RECOMMENDED_LINK, RECOMMENDED_TITLE } from './createRecommendation'
export { reshareSource } from './reshareSource'
export type { CreateRecommendationInput, RecommendedDeps } from './types'

export interface RecommendedService {
  list(session: OrganizationSession): Promise<RecommendedList>
  create(session: OrganizationSession, input: CreateRecommendationInput): Promise<Recommendation>
  dismiss(session: OrganizationSession, recommendationId: string): Promise<void>
  recommendablePosts(session: OrganizationSession, query: { search?: string }): Promise<RecommendablePost[]>
}

export function createRecommendedService(deps: RecommendedDeps): RecommendedService {
  return {
    list: (session) => listRecommended(deps, session),
    create: (session, input) => createRecommendation(deps, session, input),
    dismiss: (session, recommendationId) => dismissRecommendation(deps, session, recommendationId),
    recommendablePosts: (session, query) => recommendablePosts(deps, session, query)
  }
}
