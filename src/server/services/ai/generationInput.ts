import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostType } from '../../../shared/domain/enums'
import type { IdeaInput } from '../../adapters/ai/ai'
import { assignedSlots, businessPostTags, memberships, postTags } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { templateFor } from './templates'
import type { AiDeps, AiRequest } from './types'

/* What the generator gets, resolved on the server rather than trusted from the client (docs/architecture.md, "Writing and publishing"). */

async function slotFor(deps: Pick<AiDeps, 'db'>, organizationId: string, slotId: string) {
  const { db } = deps
  if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
  const [slot] = await db
    .select({
      postType: assignedSlots.postType,
      targetAudience: assignedSlots.targetAudience,
      tagTitle: postTags.title,
      tagDescription: postTags.description,
      businessTagTitle: businessPostTags.title
    })
    .from(assignedSlots)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, assignedSlots.organizationId), eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.status, 'ACTIVE'))
    )
    .leftJoin(postTags, eq(postTags.id, assignedSlots.tagId))
    .leftJoin(businessPostTags, eq(businessPostTags.id, assignedSlots.businessPostTagId))
    .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, organizationId)))
    .limit(1)
  if (!slot) throw notFound(MESSAGES.slotNotFound)
  return slot
}

async function topicFor(deps: Pick<AiDeps, 'db'>, organizationId: string, tagId: string): Promise<NonNullable<IdeaInput['topic']>> {
  const { db } = deps
  if (!isUuid(tagId)) throw notFound(MESSAGES.tagNotFound)
  const [tag] = await db
    .select({ title: postTags.title, description: postTags.description })
    .from(postTags)
    .where(and(eq(postTags.id, tagId), eq(postTags.organizationId, organizationId)))
    .limit(1)
  if (tag) return tag
  const [pageTag] = await db
    .select({ title: businessPostTags.title })
    .from(businessPostTags)
    .where(and(eq(businessPostTags.id, tagId), eq(businessPostTags.organizationId, organizationId)))
    .limit(1)
  if (!pageTag) throw notFound(MESSAGES.tagNotFound)
  return { title: pageTag.title }
}

export async function inputFor(deps: Pick<AiDeps, 'db'>, session: OrganizationSession, input: AiRequest, ideaPostType?: PostType): Promise<Omit<IdeaInput, 'count'>> {
  const organizationId = session.organization.id
  const slot = input.slotId ? await slotFor(deps, organizationId, input.slotId) : null
  const slotTopic = slot?.tagTitle ? { title: slot.tagTitle, description: slot.tagDescription } : slot?.businessTagTitle ? { title: slot.businessTagTitle } : null
  const topic = input.tagId ? await topicFor(deps, organizationId, input.tagId) : slotTopic
  const template = await templateFor(deps, session, input)
  return {
    template,
    topic,
    targetAudience: input.targetAudience || slot?.targetAudience || null,
    postType: input.postType ?? (slot?.postType as PostType | undefined) ?? ideaPostType ?? 'textOnly',
    seed: input.seed ?? randomUUID()
  }
}
