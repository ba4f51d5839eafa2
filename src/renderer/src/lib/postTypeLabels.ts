import type { PostType } from '@shared/domain'

/** A post type as the screens name it (the Plan, the dashboard, Analytics). */
export const POST_TYPE_LABELS: Record<PostType, string> = {
  textOnly: 'Text',
  images: 'Image',
  multiImage: 'Multiple images',
  videos: 'Video',
  document: 'Document',
  poll: 'Poll'
}
