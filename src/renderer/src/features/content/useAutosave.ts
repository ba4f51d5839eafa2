import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Post } from '@shared/domain'
import { usePost, useSavePost } from '@renderer/api/posts'
import { AutosaveController } from './autosave'
import type { PostDraft } from './postDraft'
import { useReached } from './useReached'

/** Polls a post the publisher is about to handle or is handling (its status changes on the server). */
const WATCH_MS = 3000
const WATCH_SCHEDULED_MS = 60_000
/** A scheduled post counts as being published this long before its time (clock skew). */
const DUE_LEAD_MS = 60_000

function watchInterval(post: Post | undefined): number | false {
  if (!post) return false
  if (post.status === 'PENDING_PUBLISH') return WATCH_MS
  if (post.status === 'SCHEDULED' && post.scheduledAt) {
    return Date.parse(post.scheduledAt) - Date.now() < WATCH_SCHEDULED_MS ? WATCH_MS : WATCH_SCHEDULED_MS
  }
  return false
}

interface UseAutosaveOptions {
  userId: string
  initialPost: Post | null
  initialDraft: PostDraft
  onCreated: (post: Post) => void
}

/**
 * The editor's AutosaveController for one post, its state as React state, the server's post
 * (watched while the publisher works on it, `publishing` meanwhile), and leaving handled: unmount
 * and pagehide send a pending change at once, coming back online retries at once.
 */
export function useAutosave({ userId, initialPost, initialDraft, onCreated }: UseAutosaveOptions) {
  const send = useSavePost()
  const [controller] = useState(() => new AutosaveController({ userId, initialPost, initialDraft, send, onCreated }))
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot)
  const server = usePost(snapshot.postId, { refetchInterval: watchInterval })
  const post = server.data ?? (snapshot.postId === initialPost?.id ? initialPost : null)
  // Post now (and Retry) answer SCHEDULED at the server's now: a scheduled post whose time has come
  // is the publisher's, read-only and shown as being published, like one it has already claimed.
  // A minute early, as this computer's clock may be behind the server's.
  const due = useReached(post?.status === 'SCHEDULED' ? post.scheduledAt : null, DUE_LEAD_MS)
  const publishing = post?.status === 'PENDING_PUBLISH' || (post?.status === 'SCHEDULED' && due)
  const readOnly = post?.status === 'PUBLISHED' || publishing

  useEffect(() => controller.connect({ send, onCreated }), [controller, send, onCreated])
  useEffect(() => controller.setReadOnly(readOnly), [controller, readOnly])
  useEffect(() => {
    if (post) controller.serverChanged(post)
  }, [controller, post])

  useEffect(() => {
    controller.start()
    const sendNow = () => controller.sendNow()
    window.addEventListener('pagehide', sendNow)
    window.addEventListener('online', sendNow)
    return () => {
      window.removeEventListener('pagehide', sendNow)
      window.removeEventListener('online', sendNow)
      sendNow()
    }
  }, [controller])

  return { ...snapshot, post, publishing, readOnly, controller }
}
