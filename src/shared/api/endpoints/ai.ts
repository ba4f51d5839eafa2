import { z } from 'zod'
import { aiUsageSchema, draftSchema, ideaSchema, postTypeSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { endpoint, none } from './base'
import { idSchema } from './common'
import { SLOT_AUDIENCE_MAX } from './schedule'

/* AI ideas and drafts (issue 6). */

const aiRequestSchema = z.object({
  /** Absent: the slot's post type, else the idea's (drafts), else textOnly. */
  postType: postTypeSchema.optional(),
  /** Takes topic tag, audience and post type from this slot (the explicit fields below win). */
  slotId: idSchema.optional(),
  tagId: idSchema.optional(),
  targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).optional(),
  /** AI setting template; default: the organization's default template. */
  templateId: idSchema.optional(),
  /** Publishing as this page: its AI template applies. */
  businessPageId: idSchema.optional(),
  seed: singleLineText().max(100).optional()
})
/** An idea sent back to be drafted: the shape of ideaSchema, with the limits and text rules of input. */
const ideaInputSchema = ideaSchema.extend({
  title: singleLineText().trim().max(1000),
  angle: multiLineText().trim().max(5000),
  hook: multiLineText().trim().max(5000)
})

export const aiEndpoints = {
  // AI ideas (issue 6): each call counts toward GENERATE_IDEAS_PER_MONTH; over it 402.
  generateIdeas: endpoint({
    method: 'POST',
    path: '/ai/ideas',
    query: none,
    body: aiRequestSchema.extend({ count: z.number().int().min(1).max(10).default(5) }),
    response: z.object({ ideas: z.array(ideaSchema), usage: aiUsageSchema })
  }),
  generateDraft: endpoint({
    method: 'POST',
    path: '/ai/draft',
    query: none,
    body: aiRequestSchema.extend({ idea: ideaInputSchema }),
    response: z.object({ draft: draftSchema, usage: aiUsageSchema })
  })
} as const
