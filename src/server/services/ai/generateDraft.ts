import type { Draft } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { inputFor } from './generationInput'
import type { AiDeps, AiUsage, GenerateDraftInput } from './types'
import { generate } from './usage'

/* POST /ai/draft: a post written from an idea (docs/architecture.md, "Writing and publishing"). */

export async function generateDraft(deps: AiDeps, session: OrganizationSession, input: GenerateDraftInput): Promise<{ draft: Draft; usage: AiUsage }> {
  const { generator } = deps
  const { idea, ...request } = input
  const draftInput = { ...(await inputFor(deps, session, request, idea.postType)), idea }
  const { result, usage } = await generate(deps, session, 'draft', () => generator.draft(draftInput))
  return { draft: result, usage }
}
