import { linkTo } from '../../shared/routes'

/* How notifications and lists name a post and where they take the reader: beneath every use case and consumer that tells of a post. */

/** Where a notification about a post takes its author: the post in the editor. */
export const postLink = (postId: string) => linkTo('writePost', { postId })

/** Where a notification about a post takes its reviewers and approvers: the post in /collaborate. */
export const reviewLink = (postId: string) => linkTo('collaborate', { postId })

/** The start of a post's text on one line, for notifications and the calendar. */
export function postExcerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const chars = Array.from(line)
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}
