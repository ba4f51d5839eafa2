import { useState } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import type { Draft } from '@shared/domain'
import { EditorDialogs } from './EditorDialogs'
import { EditorPreview } from './EditorPreview'
import { EditorStatus } from './EditorStatus'
import { EditorToolbar } from './EditorToolbar'
import { PostComposer } from './PostComposer'
import { usePostEditor, type PostEditorProps } from './usePostEditor'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Composer and preview side by side; below 1200 px the preview goes under the composer.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXXL,
    '@media (max-width: 1199.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' }
  }
})

/**
 * The composer (spec §2, issue 6): post as, post type, text with LinkedIn's character count, the
 * media or poll editor of the type, AI ideas, and the LinkedIn preview beside it; autosaved as the
 * user types; Schedule, Post now and Delete with the post's status above.
 */
export function PostEditor(props: PostEditorProps) {
  const { user, organization, initialPost, slotMissing } = props
  const styles = useStyles()
  const editor = usePostEditor(props)
  const { autosave, actions, reshare } = editor
  const { draft, post, publishing, readOnly, controller } = autosave
  const [askingFeedback, setAskingFeedback] = useState(false)
  const [pendingAiDraft, setPendingAiDraft] = useState<Draft | null>(null)

  return (
    <div className={styles.root}>
      <EditorToolbar
        title={reshare ? 'Reshare' : initialPost || autosave.postId ? 'Edit post' : 'New post'}
        saveState={autosave.state}
        refusal={autosave.refusal}
        readOnly={readOnly}
        post={post}
        request={editor.request}
        conflict={editor.conflict}
        blocked={editor.blocked}
        canAct={editor.canAct}
        actions={actions}
        onAskFeedback={() => setAskingFeedback(true)}
        onTryPublish={() => editor.setMediaTouched(true)}
      />

      <EditorStatus
        restored={autosave.restored}
        onDismissRestored={() => controller.dismissRestored()}
        conflict={editor.conflict}
        slotMissing={slotMissing}
        linkedIn={editor.linkedIn}
        readOnly={readOnly}
        post={post}
        publishing={publishing}
        request={editor.request}
        timeZone={editor.timeZone}
        actions={actions}
        onAddReviewers={() => setAskingFeedback(true)}
      />

      <div className={styles.columns}>
        <PostComposer
          editor={editor}
          user={user}
          organization={organization}
          onUseAiDraft={(ai: Draft) => (draft.text.trim() === '' ? editor.applyAiDraft(ai) : setPendingAiDraft(ai))}
        />
        <EditorPreview draft={draft} post={publishing ? null : post} now={editor.now} timeZone={editor.timeZone} author={editor.author} reshare={reshare} />
      </div>

      <EditorDialogs
        editor={editor}
        askingFeedback={askingFeedback}
        onCloseFeedback={() => setAskingFeedback(false)}
        pendingAiDraft={pendingAiDraft}
        onAiDraftAnswered={() => setPendingAiDraft(null)}
      />
    </div>
  )
}
