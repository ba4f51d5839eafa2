import { useEffect, useRef, useState } from 'react'
import { Badge, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowReply16Regular, Checkmark16Regular, CheckmarkCircle16Regular, Dismiss16Regular, Edit16Regular, ArrowUndo16Regular } from '@fluentui/react-icons'
import type { Feedback, PersonRef, ReviewThread } from '@shared/domain'
import { useAcceptSuggestion, useCreateFeedback, useDismissSuggestion, useResolveFeedback } from '@renderer/api/review'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { formatDate } from '@renderer/lib/formatDate'
import { MentionTextarea } from './MentionTextarea'
import { mentionParts, mentionedIds } from './mentions'
import { useReviewFailure } from './useReviewFailure'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0
  },
  closed: { backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground2 },
  shown: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  header: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  when: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  quote: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere'
  },
  removed: { color: tokens.colorPaletteRedForeground1, backgroundColor: tokens.colorPaletteRedBackground1, textDecorationLine: 'line-through' },
  added: { color: tokens.colorPaletteGreenForeground1, backgroundColor: tokens.colorPaletteGreenBackground1, textDecorationLine: 'none' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  mention: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  replies: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: `${tokens.spacingVerticalXS} 0 0`,
    padding: `0 0 0 ${tokens.spacingHorizontalM}`,
    listStyleType: 'none',
    borderLeft: `2px solid ${tokens.colorNeutralStroke3}`
  },
  reply: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  composer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS }
})

const STATUS_LABELS = { RESOLVED: 'Resolved', ACCEPTED: 'Accepted', DISMISSED: 'Dismissed' } as const

/** A comment's text with the people it mentioned highlighted. */
function FeedbackText({ item }: { item: Pick<Feedback, 'text' | 'mentions'> }) {
  const styles = useStyles()
  return (
    <span className={styles.text}>
      {mentionParts(item.text, item.mentions).map((part, index) =>
        part.kind === 'mention' ? (
          <span key={index} className={styles.mention} data-testid="mention">
            {part.text}
          </span>
        ) : (
          part.text
        )
      )}
    </span>
  )
}

interface ThreadContext {
  thread: ReviewThread
  selfId: string
  timeZone: string | null
  outdatedIds: ReadonlySet<string>
}

/** A reply's text box: one Idempotency-Key per submission, one submission at a time. */
function ReplyComposer({ context, parent, onDone }: { context: ThreadContext; parent: Feedback; onDone: () => void }) {
  const styles = useStyles()
  const [text, setText] = useState('')
  const [picked, setPicked] = useState<PersonRef[]>([])
  const create = useCreateFeedback()
  const { running, run } = useSingleFlight()
  const showFailure = useReviewFailure(context.thread.post.id)
  const send = () =>
    void run(async () => {
      if (text.trim() === '') return
      try {
        await create.mutateAsync({
          postId: context.thread.post.id,
          kind: 'COMMENT',
          text,
          parentId: parent.id,
          mentions: mentionedIds(text, picked),
          idempotencyKey: newIdempotencyKey()
        })
        onDone()
      } catch (error) {
        showFailure('Reply not sent ⚠️', error)
      }
    })
  return (
    <div className={styles.composer}>
      <MentionTextarea
        value={text}
        onChange={setText}
        onMention={(person) => setPicked((current) => [...current, person])}
        onSubmit={send}
        participants={context.thread.participants}
        selfId={context.selfId}
        label={`Reply to ${parent.author.fullName}`}
        placeholder="Write a reply… Type @ to mention someone."
        autoFocus
        data-testid={`reply-composer-${parent.id}`}
      />
      <div className={styles.row}>
        <Button size="small" appearance="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button size="small" appearance="primary" disabled={text.trim() === '' || running} onClick={send} data-testid={`reply-send-${parent.id}`}>
          Reply
        </Button>
      </div>
    </div>
  )
}

interface FeedbackActionsProps {
  context: ThreadContext
  item: Feedback
  /** The text the feedback refers to was edited since: a suggestion cannot be accepted. */
  outdated: boolean
  /** The reply box is open: Reply is not offered again. */
  replying: boolean
  onReply: () => void
}

/** A feedback's buttons: Accept and Dismiss a suggestion (its author's), Resolve or Reopen a comment, Reply. One action at a time. */
function FeedbackActions({ context, item, outdated, replying, onReply }: FeedbackActionsProps) {
  const styles = useStyles()
  const { thread, selfId } = context
  const resolve = useResolveFeedback()
  const accept = useAcceptSuggestion()
  const dismiss = useDismissSuggestion()
  const { running, run } = useSingleFlight()
  const showFailure = useReviewFailure(thread.post.id)

  const act = (failureTitle: Parameters<typeof showFailure>[0], task: () => Promise<unknown>) =>
    void run(async () => {
      try {
        await task()
      } catch (error) {
        showFailure(failureTitle, error)
      }
    })

  const isSuggestion = item.kind === 'SUGGESTION'
  const open = item.status === 'OPEN'
  const { viewer } = thread
  const mayResolve = viewer.isAuthor || viewer.canApprove || item.author.id === selfId

  return (
    <div className={styles.actions}>
      {isSuggestion && open && viewer.isAuthor ? (
        <>
          {!outdated ? (
            <Button
              size="small"
              appearance="primary"
              icon={<Checkmark16Regular />}
              disabled={running}
              onClick={() => act('Suggestion not applied ⚠️', () => accept.mutateAsync({ feedbackId: item.id, version: thread.post.version }))}
              data-testid={`suggestion-accept-${item.id}`}
            >
              Accept
            </Button>
          ) : null}
          <Button
            size="small"
            icon={<Dismiss16Regular />}
            disabled={running}
            onClick={() => act('Suggestion not dismissed ⚠️', () => dismiss.mutateAsync({ feedbackId: item.id }))}
            data-testid={`suggestion-dismiss-${item.id}`}
          >
            Dismiss
          </Button>
        </>
      ) : null}
      {!isSuggestion && mayResolve ? (
        open ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<CheckmarkCircle16Regular />}
            disabled={running}
            onClick={() => act('Comment not resolved ⚠️', () => resolve.mutateAsync({ feedbackId: item.id, resolved: true }))}
            data-testid={`feedback-resolve-${item.id}`}
          >
            Resolve
          </Button>
        ) : (
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowUndo16Regular />}
            disabled={running}
            onClick={() => act('Comment not reopened ⚠️', () => resolve.mutateAsync({ feedbackId: item.id, resolved: false }))}
            data-testid={`feedback-reopen-${item.id}`}
          >
            Reopen
          </Button>
        )
      ) : null}
      {!replying ? (
        <Button size="small" appearance="subtle" icon={<ArrowReply16Regular />} onClick={onReply} data-testid={`feedback-reply-${item.id}`}>
          Reply
        </Button>
      ) : null}
    </div>
  )
}

/** The replies under a feedback, oldest first. */
function ReplyList({ parent, replies, timeZone }: { parent: Feedback; replies: Feedback[]; timeZone: string | null }) {
  const styles = useStyles()
  return (
    <ul className={styles.replies} aria-label={`Replies to ${parent.author.fullName}`}>
      {replies.map((reply) => (
        <li key={reply.id} className={styles.reply} data-testid={`feedback-${reply.id}`}>
          <div className={styles.header}>
            <PersonAvatar size={20} name={reply.author.fullName} image={reply.author.image ? { src: reply.author.image } : undefined} color="colorful" aria-hidden />
            <span className={styles.name}>{reply.author.fullName}</span>
            <span className={styles.when}>{formatDate(reply.createdAt, 'dateTimeShort', { timeZone })}</span>
          </div>
          <FeedbackText item={reply} />
        </li>
      ))}
    </ul>
  )
}

function FeedbackItem({ context, item, replies, shown }: { context: ThreadContext; item: Feedback; replies: Feedback[]; shown: boolean }) {
  const styles = useStyles()
  const { timeZone } = context
  const [replying, setReplying] = useState(false)
  const ref = useRef<HTMLLIElement>(null)

  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [shown])

  const outdated = context.outdatedIds.has(item.id)
  const isSuggestion = item.kind === 'SUGGESTION'
  const open = item.status === 'OPEN'
  const status = item.status === 'OPEN' ? (outdated ? 'Outdated' : null) : STATUS_LABELS[item.status]

  return (
    <li ref={ref} className={mergeClasses(styles.item, !open && styles.closed, shown && styles.shown)} data-testid={`feedback-${item.id}`} data-status={item.status}>
      <div className={styles.header}>
        <PersonAvatar size={24} name={item.author.fullName} image={item.author.image ? { src: item.author.image } : undefined} color="colorful" aria-hidden />
        <span className={styles.name}>{item.author.fullName}</span>
        <span className={styles.when}>{formatDate(item.createdAt, 'dateTimeShort', { timeZone })}</span>
        {isSuggestion ? (
          <Badge size="small" appearance="outline" color="brand" icon={<Edit16Regular />}>
            Suggestion
          </Badge>
        ) : null}
        {status ? (
          <Badge size="small" appearance="tint" color={outdated && open ? 'warning' : 'subtle'} data-testid={`feedback-status-${item.id}`}>
            {status}
          </Badge>
        ) : null}
      </div>
      {item.anchor ? (
        isSuggestion ? (
          <p className={styles.quote} data-testid={`suggestion-change-${item.id}`}>
            <del className={styles.removed}>{item.anchor.quote}</del> <ins className={styles.added}>{item.replacement ?? ''}</ins>
          </p>
        ) : (
          <blockquote className={styles.quote} data-testid={`feedback-quote-${item.id}`}>
            “{item.anchor.quote}”
          </blockquote>
        )
      ) : null}
      {item.text ? <FeedbackText item={item} /> : null}
      {outdated && open ? (
        <Text size={200} className={styles.when}>
          The text this refers to has been edited since.
        </Text>
      ) : null}
      <FeedbackActions context={context} item={item} outdated={outdated} replying={replying} onReply={() => setReplying(true)} />
      {replies.length > 0 ? <ReplyList parent={item} replies={replies} timeZone={timeZone} /> : null}
      {replying ? <ReplyComposer context={context} parent={item} onDone={() => setReplying(false)} /> : null}
    </li>
  )
}

/**
 * The review's feedback: top-level comments and suggestions with their replies, in the order they
 * were written (the server's, oldest first), so a conversation reads as it happened; resolved,
 * accepted and dismissed ones stay, dimmed.
 */
export function FeedbackThread({
  thread,
  selfId,
  timeZone,
  outdatedIds,
  shownId
}: {
  thread: ReviewThread
  selfId: string
  timeZone: string | null
  outdatedIds: ReadonlySet<string>
  /** The feedback a mark in the text pointed at. */
  shownId: string | null
}) {
  const styles = useStyles()
  const context: ThreadContext = { thread, selfId, timeZone, outdatedIds }
  const topLevel = thread.feedback.filter((item) => item.parentId === null)
  if (topLevel.length === 0) {
    return (
      <Text size={200} className={styles.when} data-testid="feedback-empty">
        No feedback yet. Select words in the text to comment on them or suggest a change, or write a comment on the whole post.
      </Text>
    )
  }
  return (
    <ul className={styles.list} aria-label="Feedback" data-testid="feedback-list">
      {topLevel.map((item) => (
        <FeedbackItem
          key={item.id}
          context={context}
          item={item}
          replies={thread.feedback.filter((reply) => reply.parentId === item.id)}
          shown={item.id === shownId}
        />
      ))}
    </ul>
  )
}
