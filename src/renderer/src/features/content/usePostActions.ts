import { useState } from 'react'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, Post } from '@shared/domain'
import {
  useDeletePost,
  useFetchLatestPost,
  usePublishPostNow,
  useRetryPost,
  useSchedulePost,
  useUnschedulePost,
  useUpcomingSlots
} from '@renderer/api/posts'
import { useSubmitForApproval, useWithdrawReview } from '@renderer/api/review'
import { useNotify } from '@renderer/lib/toasts'
import { describeFailure } from '@renderer/lib/formErrors'
import { refusalMessages, type Failure } from './ActionError'
import { NotSavedError, type AutosaveController } from './autosave'
import { formatWhen } from './postTimes'
import type { ScheduleTarget } from './ScheduleDialog'

const NOT_SAVED = 'Your latest changes are not saved yet. Try again in a moment.'


/** A refused action as the editor shows it: a save that has not landed (or met another version) says so. */
export function failureOf(error: unknown): Failure {
  if (error instanceof NotSavedError) return { fields: {}, message: error.state === 'conflict' ? MESSAGES.postChangedElsewhere : NOT_SAVED }
  return describeFailure(error)
}

/** The slots a post may go into: the user's open ones still ahead, free or already holding this post. */
function openSlotsFor(slots: AssignedSlot[] | undefined, postId: string | null, now: number): AssignedSlot[] {
  return (slots ?? []).filter((s) => s.status === 'OPEN' && Date.parse(s.time) > now && (s.postId === null || s.postId === postId))
}

interface PostActionsOptions {
  controller: AutosaveController
  postId: string | null
  timeZone: string
  onDeleted: () => void
}

export type PostActions = ReturnType<typeof usePostActions>

/**
 * What the editor's buttons do. Each action runs through the autosave's `exclusive`: the latest
 * text is saved first and no save races the action with an old version.
 */
export function usePostActions({ controller, postId, timeZone, onDeleted }: PostActionsOptions) {
  const notify = useNotify()
  const schedule = useSchedulePost()
  const publish = usePublishPostNow()
  const unschedule = useUnschedulePost()
  const retry = useRetryPost()
  const remove = useDeletePost()
  const fetchLatest = useFetchLatestPost()
  const withdraw = useWithdrawReview()
  const submitForApproval = useSubmitForApproval()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const [dialog, setDialog] = useState<{ post: Post | null; openedAt: number } | null>(null)
  const [confirm, setConfirm] = useState<'postNow' | 'delete' | null>(null)
  const upcoming = useUpcomingSlots({ enabled: dialog !== null })

  /** Runs one action; a refusal is shown by `onFailure` (default: the bar under the toolbar). */
  async function run(action: () => Promise<void>, onFailure: (failure: Failure) => void = (f) => setErrors(refusalMessages(f))) {
    setBusy(true)
    setErrors([])
    try {
      await action()
    } catch (failure) {
      onFailure(failureOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return {
    busy,
    /** The last action's refusal, shown under the toolbar. */
    errors,
    confirm,
    schedule: dialog
      ? {
          post: dialog.post,
          slots: openSlotsFor(upcoming.data, postId, dialog.openedAt),
          slotsLoading: upcoming.isPending
        }
      : null,
    /** Opens 'Schedule post' (post: the scheduled post whose time is edited). */
    openSchedule: (post: Post | null) => setDialog({ post, openedAt: Date.now() }),
    closeSchedule: () => setDialog(null),
    /** From 'Schedule post': closes it when scheduled; a refusal rejects, for the dialog to show (`failureOf`). */
    schedulePost: async (target: ScheduleTarget) => {
      setBusy(true)
      setErrors([])
      try {
        const post = await controller.exclusive((saved) => schedule.mutateAsync({ postId: saved.id, version: saved.version, ...target }))
        setDialog(null)
        notify({ title: 'Post scheduled ✅', body: post.scheduledAt ? `It goes out on ${formatWhen(post.scheduledAt, timeZone)}.` : undefined })
      } finally {
        setBusy(false)
      }
    },
    askPostNow: () => setConfirm('postNow'),
    askDelete: () => setConfirm('delete'),
    closeConfirm: () => setConfirm(null),
    postNow: () =>
      run(async () => {
        setConfirm(null)
        await controller.exclusive((saved) => publish.mutateAsync({ postId: saved.id, version: saved.version }))
        notify({ title: 'Publishing your post 🚀', body: 'It goes out on LinkedIn in a moment.' })
      }),
    unschedule: () =>
      run(async () => {
        await controller.exclusive((saved) => unschedule.mutateAsync(saved.id))
        notify({ title: 'Post unscheduled ✅', body: 'It is a draft again.' })
      }),
    retry: () =>
      run(async () => {
        await controller.exclusive((saved) => retry.mutateAsync({ postId: saved.id }))
        notify({ title: 'Publishing again 🚀', body: 'It goes out on LinkedIn in a moment.' })
      }),
    deletePost: () =>
      run(
        async () => {
          let wasScheduled = false
          await controller.exclusive(
            async (saved) => {
              wasScheduled = saved.status === 'SCHEDULED'
              await remove.mutateAsync(saved.id)
            },
            { save: false }
          )
          controller.discard()
          setConfirm(null)
          notify({ title: wasScheduled ? 'Post deleted ✅' : 'Draft deleted ✅' })
          onDeleted()
        },
        (failure) => {
          setConfirm(null)
          setErrors(refusalMessages(failure))
        }
      ),
    /** Closes the open feedback request; the post is a draft again (its version changes: the answer becomes the base). */
    withdrawReview: () =>
      run(async () => {
        await controller.exclusive(async (saved) => (await withdraw.mutateAsync({ postId: saved.id })).post)
        notify({ title: 'Feedback request withdrawn ✅', body: 'Your reviewers no longer see it in their list.' })
      }),
    /** Sends the saved version for approval: the latest text is saved first, so the approvers read what the editor shows. */
    sendForApproval: () =>
      run(async () => {
        await controller.exclusive(async (saved) => (await submitForApproval.mutateAsync({ postId: saved.id, version: saved.version })).post)
        notify({ title: 'Sent for approval ✅', body: 'You can schedule it once it is approved.' })
      }),
    /** After a 409: the server's version (reload) or the user's own text (keep) wins. */
    resolveConflict: (choice: 'reload' | 'keep') =>
      run(async () => {
        if (!postId) return
        const latest = await fetchLatest(postId)
        if (choice === 'reload') controller.reload(latest)
        else await controller.keepMine(latest)
      })
  }
}
