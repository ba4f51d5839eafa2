import { z } from 'zod'

/* Topic tags (post tags) and business post tags. */

export const postTagSchema = z.object({
  id: z.string(),
  title: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  assignedUsers: z.array(z.string())
})
export type PostTag = z.infer<typeof postTagSchema>

export const businessPostTagSchema = z.object({ id: z.string(), title: z.string(), color: z.string() })
export type BusinessPostTag = z.infer<typeof businessPostTagSchema>

export const tagListItemSchema = z.object({
  label: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  id: z.string(),
  uid: z.string(),
  checked: z.boolean()
})
export type TagListItem = z.infer<typeof tagListItemSchema>

export const userTagsSchema = z.object({ userId: z.string(), tags: z.array(postTagSchema) })
export type UserTags = z.infer<typeof userTagsSchema>

export const businessPageTagsSchema = z.object({ businessPageId: z.string(), tags: z.array(businessPostTagSchema) })
export type BusinessPageTags = z.infer<typeof businessPageTagsSchema>
