import type { Post, PostVersion } from '../../../shared/domain/entities'
import type { PostStatus } from '../../../shared/domain/enums'
import type { PublishTarget } from '../../adapters/linkedin/linkedin'
import type { OrganizationActor } from '../actor'
import type { OrganizationSession } from '../sessions'
import { createPost } from './createPost'
import { deletePost } from './deletePost'
import { getPost } from './getPost'
import { listPosts } from './listPosts'
import { listPostsPage } from './listPostsPage'
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
 * Listing, reading, creating, scheduling and publishing now also take an organization's API key
 * (issue 28, services/actor.ts): it acts on any post of its organization, for the post's author
 * and under the author's rules, never as a person.
 */

export { APPROVAL_AGAIN_TITLE } from './approvalAgain'
export { newPostValues, type NewPost, type PostRow } from './rows'
export type { CreatePostInput, PostDeps, SchedulePostInput, UpdatePostInput } from './types'
/** Other services that show posts (the review thread) render them the same. */
export { postViews } from './views'

export interface PostService {
  list(session: OrganizationSession, query: { status?: PostStatus; slotId?: string }): Promise<Post[]>
  /** Keyset pages, newest first (GET /api/v1/posts): a key's whole organization, a session's own posts. */
  page(actor: OrganizationActor, query: Parameters<typeof listPostsPage>[2]): Promise<{ items: Post[]; next: string | null }>
  get(actor: OrganizationActor, postId: string): Promise<Post>
  /** A draft; an API key names its author (`authorId`, an ACTIVE member). */
  create(actor: OrganizationActor, input: CreatePostInput & { authorId?: string }): Promise<Post>
  update(session: OrganizationSession, input: UpdatePostInput): Promise<Post>
  /** `version` may be left out by an API key (no compare); the app always sends it. */
  schedule(actor: OrganizationActor, input: Omit<SchedulePostInput, 'version'> & { version?: number }): Promise<Post>
  publishNow(actor: OrganizationActor, input: { postId: string; version?: number }): Promise<Post>
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
    page: (actor, query) => listPostsPage(deps, actor, query),
    get: (actor, postId) => getPost(deps, actor, postId),
    create: (actor, input) => createPost(deps, actor, input),
    update: (session, input) => updatePost(deps, session, input),
    schedule: (actor, input) => schedulePost(deps, actor, input),
    publishNow: (actor, input) => publishNow(deps, actor, input),
    unschedule: (session, postId) => unschedulePost(deps, session, postId),
    retry: (session, input) => retryPost(deps, session, input),
    remove: (session, postId) => deletePost(deps, session, postId),
    versions: (session, postId) => listPostVersions(deps, session, postId),
    publishTarget: (post) => publishTarget(deps, post)
  }
}
