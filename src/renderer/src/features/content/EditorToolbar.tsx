import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { CalendarClock20Regular, Delete20Regular, PersonFeedback20Regular, Send20Regular } from '@fluentui/react-icons'
import type { Post, ReviewRequest } from '@shared/domain'
import type { SaveState } from './autosave'
import type { PostActions } from './usePostActions'
import { AppTooltip } from '@renderer/components/AppTooltip'

const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — will retry',
  conflict: 'Not saved',
  refused: 'Not saved'
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  saveState: { color: tokens.colorNeutralForeground3, minWidth: '9em' },
  saveProblem: { color: tokens.colorPaletteRedForeground1 },
  spacer: { flexGrow: 1 },
  // Delete, Schedule and Post now wrap as one group: on a phone it takes its own row and the buttons share it evenly.
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    '@media (max-width: 599.98px)': { flexBasis: '100%', '> *': { flex: '1 1 auto' } }
  }
})

interface EditorToolbarProps {
  title: string
  saveState: SaveState
  /** Why the server refused the last save (state 'refused'). */
  refusal: string | null
  readOnly: boolean
  post: Post | null
  /** The open feedback request, if any. */
  request: ReviewRequest | null
  conflict: boolean
  /** Why Schedule and Post now cannot go ahead (their tooltip); null: they can. */
  blocked: string | null
  canAct: boolean
  actions: PostActions
  onAskFeedback: () => void
  /** Schedule or Post now was clicked, whether or not it could go ahead. */
  onTryPublish: () => void
}

/** The editor's title, its autosave state, and Delete, Ask for feedback, Schedule and Post now (none when read-only). */
export function EditorToolbar(props: EditorToolbarProps) {
  const { title, saveState, refusal, readOnly, post, request, conflict, blocked, canAct, actions, onAskFeedback, onTryPublish } = props
  const styles = useStyles()
  const scheduled = post?.status === 'SCHEDULED'
  return (
    <div className={styles.toolbar}>
      <h2 className={styles.title}>{title}</h2>
      <Text
        className={mergeClasses(styles.saveState, (saveState === 'retrying' || saveState === 'refused') && styles.saveProblem)}
        aria-live="polite"
        data-testid="autosave-state"
      >
        {saveState === 'refused' && refusal ? `Not saved: ${refusal}` : SAVE_STATE_TEXT[saveState]}
      </Text>
      <span className={styles.spacer} />
      {readOnly ? null : (
        <div className={styles.actions}>
          {post ? (
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={actions.askDelete} disabled={actions.busy}>
              {scheduled ? 'Delete post' : 'Delete draft'}
            </Button>
          ) : null}
          {post && !request && post.status !== 'ASK_FOR_FEEDBACK' ? (
            // Reviewers read the saved text: while a conflict is open there is none to ask about.
            <Button icon={<PersonFeedback20Regular />} onClick={onAskFeedback} disabled={actions.busy || conflict} data-testid="ask-feedback-open">
              Ask for feedback
            </Button>
          ) : null}
          {scheduled ? null : (
            <AppTooltip content={blocked ?? 'Choose when it goes out on LinkedIn.'} relationship="description">
              <Button icon={<CalendarClock20Regular />} disabledFocusable={!canAct} onClickCapture={onTryPublish} onClick={() => actions.openSchedule(null)} data-testid="editor-schedule">
                Schedule
              </Button>
            </AppTooltip>
          )}
          <AppTooltip content={blocked ?? 'Publish on LinkedIn right away.'} relationship="description">
            <Button appearance="primary" icon={<Send20Regular />} disabledFocusable={!canAct} onClickCapture={onTryPublish} onClick={actions.askPostNow}>
              Post now
            </Button>
          </AppTooltip>
        </div>
      )}
    </div>
  )
}
