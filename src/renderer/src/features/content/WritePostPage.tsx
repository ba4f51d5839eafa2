import { useCallback, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import type { Post } from '@shared/domain'
import { paths } from '@shared/routes'
import { isApiError } from '@renderer/api/client'
import { useOrganization } from '@renderer/api/organization'
import { useAssignedSlot, usePost } from '@renderer/api/posts'
import { useUser } from '@renderer/api/user'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { draftStorageKey, keepLocalDraftAsNew, readLocalDraft } from './draftStorage'
import { PostEditor } from './PostEditor'
import { ReshareStart } from './ReshareStart'

/**
 * ?postId= opens a post; ?slotId= starts one for an assigned slot; ?recommendationId=&comment=
 * starts a reshare of a recommended post with its suggested comment number `comment`; none: a new post.
 */
function readParams(params: URLSearchParams) {
  const comment = Number(params.get('comment') ?? '0')
  return {
    postId: params.get('postId'),
    slotId: params.get('slotId'),
    recommendationId: params.get('recommendationId'),
    comment: Number.isInteger(comment) && comment >= 0 ? comment : 0
  }
}

/**
 * /content/write-post (spec §2). Loads what the editor starts from, then keeps one editor per
 * post: the editor that creates a post stays mounted when the address gains its ?postId=.
 */
export default function WritePostPage() {
  const [params, setParams] = useSearchParams()
  const { postId, slotId, recommendationId, comment } = readParams(params)
  const user = useUser()
  const organization = useOrganization()
  const post = usePost(postId)
  const slot = useAssignedSlot(postId ? null : slotId)
  // The editor that created a post keeps its key; starting a new post makes a new generation.
  const [created, setCreated] = useState<{ postId: string; key: string } | null>(null)
  const [generation, setGeneration] = useState(0)
  const baseKey = created && created.postId === postId ? created.key : (postId ?? `new:${slotId ?? 'none'}`)
  const key = `${baseKey}#${generation}`

  const onCreated = useCallback(
    (created: Post) => {
      setCreated({ postId: created.id, key: baseKey })
      setParams({ postId: created.id }, { replace: true })
    },
    [baseKey, setParams]
  )
  /** A blank editor at the bare address (after a delete, or for a gone post's kept text). */
  const startNewPost = useCallback(() => {
    setGeneration((g) => g + 1)
    setCreated(null)
    setParams({}, { replace: true })
  }, [setParams])

  const openReshare = useCallback((reshareId: string) => setParams({ postId: reshareId }, { replace: true }), [setParams])
  if (!postId && recommendationId) {
    return <ReshareStart recommendationId={recommendationId} comment={comment} onStarted={openReshare} />
  }

  // A slot whose post exists opens that post rather than starting a second one.
  const slotPostId = slot.data?.postId ?? null
  if (!postId && slotPostId) {
    return <Navigate to={`${paths.writePost}?postId=${encodeURIComponent(slotPostId)}`} replace />
  }

  // A failed background refetch keeps the editor: only a first load that failed shows the error.
  if ((user.isError && !user.data) || (organization.isError && !organization.data)) {
    return <ErrorState onRetry={() => void Promise.all([user.refetch(), organization.refetch()])} />
  }
  if (post.isError && !post.data) {
    if (isApiError(post.error, 404) && user.data && postId && readLocalDraft(draftStorageKey(user.data.id, { postId }))) {
      const userId = user.data.id
      const keep = () => {
        keepLocalDraftAsNew(userId, postId)
        startNewPost()
      }
      return (
        <MessageBar intent="warning" layout="multiline" data-testid="post-gone">
          <MessageBarBody>This post no longer exists. Your unsaved text is still on this computer.</MessageBarBody>
          <MessageBarActions>
            <Button onClick={keep}>Keep it as a new post</Button>
          </MessageBarActions>
        </MessageBar>
      )
    }
    const message = isApiError(post.error) && post.error.isClientError ? post.error.message : undefined
    return <ErrorState message={message} onRetry={isApiError(post.error, 404) ? undefined : () => void post.refetch()} />
  }
  const waitingForPost = postId !== null && !post.data
  const waitingForSlot = !postId && slotId !== null && slot.isPending
  if (!user.data || !organization.data || waitingForPost || waitingForSlot) return <LoadingState />

  return (
    <PostEditor
      key={key}
      user={user.data}
      organization={organization.data}
      initialPost={post.data ?? null}
      newPostSlot={postId ? null : (slot.data ?? null)}
      slotMissing={!postId && slotId !== null && (slot.data === null || slot.isError)}
      onCreated={onCreated}
      onDeleted={startNewPost}
    />
  )
}
