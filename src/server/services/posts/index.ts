import type { Post, PostVersion } from '../../../shared/domain/entities'
import type { PostStatus } from '../../../shared/domain/enums'
import type { PublishTarget } from '../../adapters/linkedin/linkedin'
import type { OrganizationSession } from '../sessions'
import { createPost } from './createPost'
import { deletePost } from './deletePost'
import { getPost } from './getPost'
import { listPosts } from './listPosts'
import { listPostVersions } from './listPostVersions'
import { publishNow } from './publishNow'
import { publishTarget } from './publishTarget'
import { retryPost } from './retryPost'
import type { PostRow } from './rows'
import { schedulePost } from './schedulePost'
import type { CreatePostInput, PostDeps, SchedulePostInput, UpdatePostInput } from './types'
import { unschedulePost } from './unschedulePost'
import { updatePost } from './updatePost'

/*
 * Posts (issues 6, 13, 15): the session user's own posts in the session's organization, written in
 * /content/write-post and published by the publisher (jobs/publisher/). One use case per file;
 * this facade only delegates. The rules are in docs/architecture.md, "Posts on the server".
 */

export { APPROVAL_AGAIN_TITLE } from './approvalAgain'
export { newPostValues, type NewPost, type PostRow } from './rows'
export type { CreatePostInput, PostDeps, SchedulePostInput, UpdatePostInput } from './types'
/** Other services that show posts (the review thread) render them the same. */
export { postViews } from './views'

export interface PostService {
  list(session: OrganizationSession, query: { status?: PostStatus; slotId?: string }): Promise<Post[]>
  get(session: OrganizationSession, postId: string): Promise<Post>
  create(session: OrganizationSession, input: CreatePostInput): Promise<Post>
  update(session: OrganizationSession, input: UpdatePostInput): Promise<Post>
  schedule(session: OrganizationSession, input: SchedulePostInput): Promise<Post>
  publishNow(session: OrganizationSession, input: { postId: string; version: number }): Promise<Post>
  unschedule(session: OrganizationSession, postId: string): Promise<Post>
  retry(session: OrganizationSession, input: { postId: string; scheduledAt?: string }): Promise<Post>
  remove(session: OrganizationSession, postId: string): Promise<void>
  /** Every kept revision of a post the caller may review, newest first. */
  versions(session: OrganizationSession, postId: string): Promise<PostVersion[]>
  /** The publisher's resolveTarget: the author's token, the LinkedIn author and the media in order; null when not connected. */
  publishTarget(post: PostRow): Promise<PublishTarget | null>
}

export function createPostService(deps: PostDeps): PostService {
  return {
    list: (session, query) => listPosts(deps, session, query),
    get: (session, postId) => getPost(deps, session, postId),
    create: (session, input) => createPost(deps, session, input),
    update: (session, input) => updatePost(deps, session, input),
    schedule: (session, input) => schedulePost(deps, session, input),
    publishNow: (session, input) => publishNow(deps, session, input),
    unschedule: (session, postId) => unschedulePost(deps, session, postId),
    retry: (session, input) => retryPost(deps, session, input),
    remove: (session, postId) => deletePost(deps, session, postId),
    versions: (session, postId) => listPostVersions(deps, session, postId),
    publishTarget: (post) => publishTarget(deps, post)
  }
}
