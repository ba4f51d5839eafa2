import type { Draft, Idea } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { generateDraft } from './generateDraft'
import { generateIdeas } from './generateIdeas'
import type { AiDeps, AiUsage, GenerateDraftInput, GenerateIdeasInput } from './types'

/*
 * AI ideas and drafts (issue 6) for any member of the organization (every role). One use case per
 * file; this facade only delegates. What the generator gets and how usage is counted are in
 * docs/architecture.md, "Writing and publishing".
 */

export type { AiDeps, AiUsage, GenerateDraftInput, GenerateIdeasInput } from './types'
export { providerFailure } from './usage'

export interface AiService {
  ideas(session: OrganizationSession, input: GenerateIdeasInput): Promise<{ ideas: Idea[]; usage: AiUsage }>
  draft(session: OrganizationSession, input: GenerateDraftInput): Promise<{ draft: Draft; usage: AiUsage }>
}

export function createAiService(deps: AiDeps): AiService {
  return {
    ideas: (session, input) => generateIdeas(deps, session, input),
    draft: (session, input) => generateDraft(deps, session, input)
  }
}
