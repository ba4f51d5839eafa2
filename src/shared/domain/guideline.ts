import { z } from 'zod'
import { instantSchema } from './common'
import { roleSchema } from './enums'
import { multiLineText } from './text'

/**
 * The organization's posting guideline (POLICY_PAGE): admins write it in Markdown; each member is
 * asked to read it until they confirm, and again after a change that asks for a new reading.
 */
export const GUIDELINE_MESSAGES = {
  notInPlan: 'The posting guideline is not included in your plan.',
  onlyAdmins: 'Only admins can change the posting guideline.',
  tooLong: 'The guideline can be at most 20,000 characters.',
  saved: 'Guideline saved',
  savedReread: 'Guideline saved: every member is asked to read it again',
  removed: 'Guideline removed',
  banner: 'Please read your organization’s posting guideline.',
  bannerLink: 'Read the guideline'
} as const

export const GUIDELINE_MAX = 20_000

export const guidelineSchema = z.object({
  /** Markdown; null when the organization has none. */
  guideline: z.string().nullable(),
  updatedAt: instantSchema.nullable(),
  /** When the caller last confirmed reading it; null if never (or asked to read it again since). */
  readAt: instantSchema.nullable(),
  read: z.boolean()
})
export type Guideline = z.infer<typeof guidelineSchema>

/**
 * An empty text removes the guideline. `askToReread` (default true): members who had read the
 * previous version are asked again; false keeps their readings (a typo fixed).
 */
export const updateGuidelineBodySchema = z.object({
  guideline: multiLineText().trim().max(GUIDELINE_MAX, GUIDELINE_MESSAGES.tooLong),
  askToReread: z.boolean().default(true)
})

export const guidelineReaderSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  readAt: instantSchema.nullable(),
  /** Read the current version (readAt not older than the guideline's last change that asked for a reading). */
  read: z.boolean()
})
export type GuidelineReader = z.infer<typeof guidelineReaderSchema>

export const guidelineReadersSchema = z.object({
  updatedAt: instantSchema.nullable(),
  readers: z.array(guidelineReaderSchema)
})
export type GuidelineReaders = z.infer<typeof guidelineReadersSchema>
