import type { AssignedSlot, Draft, Post, ReviewThread } from '@shared/domain'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { AskForFeedbackDialog } from '@renderer/dialogs/review/AskForFeedbackDialog'
import { ScheduleDialog } from './ScheduleDialog'
import type { PostDraft } from './postDraft'
import { failureOf } from './usePostActions'
import type { PostEditorState } from './usePostEditor'

const REPLACE_TEXT = { title: 'Replace your text?', message: 'The draft replaces what you have written so far.', confirmLabel: 'Replace' }

/** Edit time starts from the post's time (or its slot when it went into one); Schedule from the post's slot. */
function scheduleStart(editing: Post | null, draft: PostDraft, slot: AssignedSlot | null) {
  return editing
    ? { mode: editing.slotId && slot?.time === editing.scheduledAt ? ('slot' as const) : ('time' as const), scheduledAt: editing.scheduledAt, slotId: editing.slotId }
    : { mode: draft.slotId && slot?.status === 'OPEN' ? ('slot' as const) : ('time' as const), scheduledAt: null, slotId: draft.slotId }
}

interface EditorDialogsProps {
  editor: PostEditorState
  askingFeedback: boolean
  onCloseFeedback: () => void
  /** A draft from Get ideas waiting for the user to say it may replace their text. */
  pendingAiDraft: Draft | null
  onAiDraftAnswered: () => void
}

/** The editor's dialogs: Schedule post (or Edit time), Ask for feedback, Post now, Delete, and Replace your text. */
export function EditorDialogs({ editor, askingFeedback, onCloseFeedback, pendingAiDraft, onAiDraftAnswered }: EditorDialogsProps) {
  const { actions, author } = editor
  const { draft, post, controller } = editor.autosave
  const scheduled = post?.status === 'SCHEDULED'

  /** Asking for feedback saves the latest text first and takes the answered post (its version changed) as the editor's base. */
  const askThroughEditor = async (send: () => Promise<ReviewThread>) => {
    let answered: ReviewThread | null = null
    await controller.exclusive(async () => {
      answered = await send()
      return answered.post
    })
    return answered!
  }

  return (
    <>
      {actions.schedule ? (
        <ScheduleDialog
          timeZone={editor.timeZone}
          slots={actions.schedule.slots}
          slotsLoading={actions.schedule.slotsLoading}
          initial={scheduleStart(actions.schedule.post, draft, editor.slot)}
          onSchedule={actions.schedulePost}
          describeRefusal={failureOf}
          onClose={actions.closeSchedule}
        />
      ) : null}
      {post ? <AskForFeedbackDialog open={askingFeedback} post={post} onClose={onCloseFeedback} runRequest={askThroughEditor} /> : null}
      <ConfirmDialog
        open={actions.confirm === 'postNow'}
        title="Publish this post on LinkedIn now?"
        message={`It goes out as ${author.name} right away.`}
        confirmLabel="Post now"
        busy={actions.busy}
        onConfirm={actions.postNow}
        onCancel={actions.closeConfirm}
        data-testid="post-now-dialog"
      />
      <ConfirmDialog
        open={actions.confirm === 'delete'}
        title={scheduled ? 'Delete this post?' : 'Delete this draft?'}
        message={scheduled ? 'It will not be published, and it is removed from Pagecrew.' : 'It is removed from Pagecrew.'}
        confirmLabel="Delete"
        destructive
        busy={actions.busy}
        onConfirm={actions.deletePost}
        onCancel={actions.closeConfirm}
        data-testid="delete-post-dialog"
      />
      <ConfirmDialog
        open={pendingAiDraft !== null}
        {...REPLACE_TEXT}
        onConfirm={() => {
          if (pendingAiDraft) editor.applyAiDraft(pendingAiDraft)
          onAiDraftAnswered()
        }}
        onCancel={onAiDraftAnswered}
        data-testid="replace-text-dialog"
      />
    </>
  )
}
