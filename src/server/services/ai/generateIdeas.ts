import type { Idea } from '../../../shared/domain'
import type { IdeaInput } from '../../adapters/ai/ai'
import type { OrganizationSession } from '../sessions'
import { inputFor } from './generationInput'
import type { AiDeps, AiUsage, GenerateIdeasInput } from './types'
import { generate } from './usage'

/* POST /ai/ideas (docs/architecture.md, "Writing and publishing"). */

export async function generateIdeas(deps: AiDeps, session: OrganizationSession, input: GenerateIdeasInput): Promise<{ ideas: Idea[]; usage: AiUsage }> {
  const { generator } = deps
  const { count, ...request } = input
  const ideaInput: IdeaInput = { ...(await inputFor(deps, session, request)), count }
  const { result, usage } = await generate(deps, session, 'ideas', () => generator.ideas(ideaInput))
  return { ideas: result, usage }
}
