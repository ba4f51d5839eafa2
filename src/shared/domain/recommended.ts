import { z } from 'zod'
import { instantSchema } from './common'
import { postStatusSchema } from './enums'
import { multiLineText, singleLineText } from './text'

/**
 * Recommended posts (issue 15): admins and team leaders recommend a post for resharing to everyone,
 * teams or members; the audience reshares it through the normal exactly-once publisher.
 */
export const RECOMMENDED_MESSAGES = {
  notInPlan: 'Recommended posts are not included in your plan.',
  onlyRecommenders: 'Only admins and team leaders can recommend posts.',
  postMissing: 'Choose a published post or paste a LinkedIn post address.',
  postAmbiguous: 'Choose a published post or paste an address, not both.',
  postNotPublished: 'Only published posts can be recommended.',
  urlInvalid: 'Paste the address of a LinkedIn post (https://www.linkedin.com/…).',
  commentsMissing: 'Add at least one suggested comment.',
  commentEmpty: 'A suggested comment cannot be empty.',
  audienceTeamsMissing: 'Choose at least one team.',
  audienceMembersMissing: 'Choose at least one member.',
  onlyYourTeams: 'Team leaders can recommend to the teams they lead and their members only.',
  endsInPast: 'Choose an end date in the future.',
  notFound: 'This recommendation no longer exists or is not for you.',
  ended: 'This recommendation has ended.',
  alreadyReshared: 'You have already reshared this post.',
  reshareTextOnly: 'A reshare carries your comment only: no images, video, document, poll or business page.'
} as const

export const MAX_SUGGESTED_COMMENTS = 5
const SUGGESTED_COMMENT_MAX = 3000

export const recommendationAudienceKindSchema = z.enum(['everyone', 'teams', 'members'])
export type RecommendationAudienceKind = z.infer<typeof recommendationAudienceKindSchema>

export const recommendationSchema = z.object({
  id: z.string(),
  createdAt: instantSchema,
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** The organization's post it recommends (null for an outside LinkedIn address). */
  postId: z.string().nullable(),
  linkedInPostUrn: z.string(),
  linkedInPostUrl: z.string(),
  previewText: z.string(),
  previewAuthor: z.string(),
  note: z.string(),
  suggestedComments: z.array(z.string()),
  audience: z.object({
    kind: recommendationAudienceKindSchema,
    teams: z.array(z.object({ id: z.string(), name: z.string() })),
    members: z.array(z.object({ id: z.string(), fullName: z.string() }))
  }),
  endsAt: instantSchema.nullable(),
  /** The session user's reshare of it, if any. */
  myReshare: z.object({ postId: z.string(), status: postStatusSchema }).nullable(),
  /** Reshares published so far (everyone may see the count). */
  reshareCount: z.number().int().nonnegative(),
  /** Who reshared: filled for the recommender and admins only, else empty. */
  reshares: z.array(z.object({ userId: z.string(), fullName: z.string(), postId: z.string(), status: postStatusSchema, publishedAt: instantSchema.nullable() }))
})
export type Recommendation = z.infer<typeof recommendationSchema>

export const recommendedListSchema = z.object({
  /** Open recommendations addressed to the session user, not dismissed, not ended. */
  forMe: z.array(recommendationSchema),
  /** Those the session user made (admins: every one of the organization), newest first. */
  created: z.array(recommendationSchema),
  /** Whether the session user may recommend (admin, GHOST or team leader). */
  canRecommend: z.boolean()
})
export type RecommendedList = z.infer<typeof recommendedListSchema>

export const createRecommendationBodySchema = z.object({
  postId: singleLineText().trim().max(100).optional(),
  linkedInPostUrl: singleLineText({ error: RECOMMENDED_MESSAGES.urlInvalid }).trim().max(2000).optional(),
  note: multiLineText().trim().max(3000).default(''),
  suggestedComments: z
    .array(multiLineText().trim().min(1, RECOMMENDED_MESSAGES.commentEmpty).max(SUGGESTED_COMMENT_MAX), { error: RECOMMENDED_MESSAGES.commentsMissing })
    .max(MAX_SUGGESTED_COMMENTS)
    .default([]),
  audience: recommendationAudienceKindSchema,
  teamIds: z.array(singleLineText().trim().min(1).max(100)).max(1000).default([]),
  memberIds: z.array(singleLineText().trim().min(1).max(100)).max(10_000).default([]),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional()
})
export type CreateRecommendationBody = z.input<typeof createRecommendationBodySchema>

/** A published post of the organization that can be recommended (the picker of the create dialog). */
export const recommendablePostSchema = z.object({
  postId: z.string(),
  text: z.string(),
  authorName: z.string(),
  businessPageName: z.string().nullable(),
  publishedAt: instantSchema,
  linkedInPostUrl: z.string()
})
export type RecommendablePost = z.infer<typeof recommendablePostSchema>
