import { useState } from 'react'
import { Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss16Regular, Send16Regular } from '@fluentui/react-icons'
import type { FeedbackKind, PersonRef, ReviewThread } from '@shared/domain'
import { useCreateFeedback } from '@renderer/api/review'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { MentionTextarea } from './MentionTextarea'
import { mentionedIds } from './mentions'
import type { SelectedRange } from './PostTextView'
import { useReviewFailure } from './useReviewFailure'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  anchor: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    minWidth: 0
  },
  quote: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  row: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS }
})

/** A comment or suggestion being written for a range of the text; null: a comment on the whole post. */
export interface FeedbackDraft {
  kind: FeedbackKind
  range: SelectedRange
}

/**
 * Writes new feedback: a comment on the whole post, a comment on the selected words, or a
 * suggestion replacing them (the replacement starts as the selected words, with an optional note).
 * One Idempotency-Key per submission; a second click while one is sent does nothing.
 */
export function FeedbackComposer({
  thread,
  selfId,
  draft,
  onClearDraft
}: {
  thread: ReviewThread
  selfId: string
  draft: FeedbackDraft | null
  onClearDraft: () => void
}) {
  const styles = useStyles()
  const [text, setText] = useState('')
  const [picked, setPicked] = useState<PersonRef[]>([])
  const [replacement, setReplacement] = useState(draft?.kind === 'SUGGESTION' ? draft.range.quote : '')
  const create = useCreateFeedback()
  const { running, run } = useSingleFlight()
  const showFailure = useReviewFailure(thread.post.id)
  const suggesting = draft?.kind === 'SUGGESTION'
  const ready = suggesting ? replacement !== draft.range.quote : text.trim() !== ''

  const send = () =>
    void run(async () => {
      if (!ready) return
      const anchor = draft ? { start: draft.range.start, end: draft.range.end, quote: draft.range.quote } : null
      try {
        await create.mutateAsync({
          postId: thread.post.id,
          kind: draft?.kind ?? 'COMMENT',
          text,
          anchor,
          ...(suggesting ? { replacement } : {}),
          mentions: mentionedIds(text, picked),
          idempotencyKey: newIdempotencyKey()
        })
        setText('')
        setPicked([])
        onClearDraft()
      } catch (error) {
        showFailure(suggesting ? 'Suggestion not sent ⚠️' : 'Comment not sent ⚠️', error)
      }
    })

  return (
    <div className={styles.root} data-testid="feedback-form">
      {draft ? (
        <div className={styles.anchor} data-testid="feedback-anchor">
          <Text size={200} className={styles.quote}>
            {suggesting ? 'Suggest a change to' : 'Comment on'} “{draft.range.quote}”
          </Text>
          <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label="Comment on the whole post instead" onClick={onClearDraft} />
        </div>
      ) : null}
      {suggesting ? (
        <Field label="Replace with" hint="Your version of the selected words.">
          <Textarea value={replacement} onChange={(_, data) => setReplacement(data.value)} resize="vertical" autoFocus data-testid="suggestion-replacement" />
        </Field>
      ) : null}
      <MentionTextarea
        value={text}
        onChange={setText}
        onMention={(person) => setPicked((current) => [...current, person])}
        onSubmit={send}
        participants={thread.participants}
        selfId={selfId}
        label={suggesting ? 'Note for the author (optional)' : 'Comment'}
        placeholder={suggesting ? 'Why this change? (optional)' : 'Write a comment… Type @ to mention someone.'}
        autoFocus={draft?.kind === 'COMMENT'}
        data-testid="feedback-composer"
      />
      <div className={styles.row}>
        <Button appearance="primary" icon={<Send16Regular />} disabled={!ready || running} onClick={send} data-testid="feedback-send">
          {suggesting ? 'Suggest' : 'Comment'}
        </Button>
      </div>
    </div>
  )
}
