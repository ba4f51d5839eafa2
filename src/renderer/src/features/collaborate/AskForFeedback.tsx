import { useEffect } from 'react'
import { usePost } from '@renderer/api/posts'
import { AskForFeedbackDialog } from '@renderer/dialogs/review/AskForFeedbackDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

/**
 * The Ask for feedback dialog (the editor's too) for a post known here by its id, from a row's
 * menu or the review: the post is read first, since the dialog works on the post itself.
 */
export function AskForFeedback({ postId, onClose }: { postId: string; onClose: () => void }) {
  const notify = useNotify()
  const post = usePost(postId)
  const failed = post.isError
  useEffect(() => {
    if (!failed) return
    notify(failureToast('Post not opened ⚠️', post.error))
    onClose()
  }, [failed, post.error, notify, onClose])
  return post.data ? <AskForFeedbackDialog open post={post.data} onClose={onClose} /> : null
}
