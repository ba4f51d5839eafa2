import { useMemo, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { AvatarGroup, AvatarGroupItem, Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowLeft20Regular, DocumentEdit16Regular, History16Regular } from '@fluentui/react-icons'
import type { Post, ReviewRequest, ReviewThread } from '@shared/domain'
import { isApiError } from '@renderer/api/client'
import { useOrganization } from '@renderer/api/organization'
import { usePost } from '@renderer/api/posts'
import { useReviewThread } from '@renderer/api/review'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { PostPreview } from '@renderer/components/postPreview/PostPreview'
import { PageSkeleton } from '@renderer/components/Skeletons'
import { formatDate } from '@renderer/lib/formatDate'
import { ApprovalBar, editorPath } from './ApprovalBar'
import { FeedbackComposer, type FeedbackDraft } from './FeedbackComposer'
import { FeedbackThread } from './FeedbackThread'
import { PRIORITY_COLORS, PRIORITY_LABELS } from './labels'
import { PostTextView } from './PostTextView'
import { markText } from './textMarks'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  // Padded inside its frame, and focused (it takes the focus when a post opens) by a ring drawn in that
  // padding, around the cards rather than over them. The offset is a calc(): `-var(…)` is no CSS value,
  // and Chromium dropped it, drawing the ring outside the panel.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    containerType: 'inline-size',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: `calc(${tokens.strokeWidthThick} * -1)` }
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  title: { margin: 0, flexGrow: 1, minWidth: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  // Side by side when the panel is wide enough, else one column: the post, then its review.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@container (min-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 380px)' }
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  preview: { display: 'flex', justifyContent: 'center', minWidth: 0 },
  section: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  request: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  message: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  reviewers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyleType: 'none' },
  reviewer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, overflowWrap: 'anywhere' }
})

/** The header's time, as the editor's preview writes it. */
function previewWhen(post: Post, timeZone: string | null): string {
  if (post.status === 'PUBLISHED' && post.publishedAt) return formatDate(post.publishedAt, 'dateShort', { timeZone })
  if (post.status === 'SCHEDULED' && post.scheduledAt) return `Scheduled for ${formatDate(post.scheduledAt, 'dateTimeShort', { timeZone })}`
  return 'Now'
}

/** The post as LinkedIn will show it: as its business page, or as its author. */
function Preview({ post, timeZone }: { post: Post; timeZone: string | null }) {
  const styles = useStyles()
  const organization = useOrganization()
  const page = post.businessPage
  const author = page
    ? { name: page.linkedInCompanyName, image: page.image, subtitle: 'Company page' }
    : { name: post.author.fullName, image: post.author.image, subtitle: organization.data?.name ?? '' }
  return (
    <div className={styles.preview}>
      <PostPreview text={post.text} type={post.type} poll={post.poll} media={post.media} author={author} when={previewWhen(post, timeZone)} width="desktop" />
    </div>
  )
}

function RequestInfo({ request, timeZone }: { request: ReviewRequest; timeZone: string | null }) {
  const styles = useStyles()
  return (
    <section className={styles.request} aria-label="Feedback request" data-testid="review-request">
      <div className={styles.line}>
        <Text weight="semibold">{request.open ? 'Feedback requested' : 'Feedback request withdrawn'}</Text>
        {request.priority !== 'NOPRIORITY' ? (
          <Badge appearance="filled" size="small" color={PRIORITY_COLORS[request.priority]} data-testid="request-priority">
            {PRIORITY_LABELS[request.priority]}
          </Badge>
        ) : null}
        <Text size={200} className={styles.muted}>
          {formatDate(request.requestedAt, 'dateTimeShort', { timeZone })}
        </Text>
      </div>
      {request.dueAt ? <Text size={200} data-testid="request-due">Due {formatDate(request.dueAt, 'dateTime', { timeZone })}</Text> : null}
      {request.message ? (
        <Text size={200} className={styles.message} data-testid="request-message">
          {request.message}
        </Text>
      ) : null}
      <ul className={styles.reviewers} aria-label="Reviewers" data-testid="request-reviewers">
        {request.reviewers.map((reviewer) => (
          <li key={reviewer.id} className={styles.reviewer}>
            <PersonAvatar size={20} name={reviewer.fullName} image={reviewer.image ? { src: reviewer.image } : undefined} color="colorful" aria-hidden />
            <Text size={200}>{reviewer.fullName}</Text>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ReviewContent({
  thread,
  selfId,
  timeZone,
  header,
  onAskForFeedback
}: {
  thread: ReviewThread
  selfId: string
  timeZone: string | null
  header: ReactNode
  onAskForFeedback: (postId: string) => void
}) {
  const styles = useStyles()
  const { post } = thread
  const [draft, setDraft] = useState<FeedbackDraft | null>(null)
  const [shownId, setShownId] = useState<string | null>(null)
  const outdatedIds = useMemo(() => markText(post.text, thread.feedback).outdatedIds, [post.text, thread.feedback])
  const participants = thread.participants
  return (
    <>
      {header}
      <div className={styles.columns}>
        <div className={styles.column}>
          <Preview post={post} timeZone={timeZone} />
          <h3 className={styles.section}>Text and suggestions</h3>
          <PostTextView text={post.text} feedback={thread.feedback} onAnchor={(kind, range) => setDraft({ kind, range })} onShowFeedback={setShownId} />
        </div>
        <div className={styles.column}>
          {thread.request ? <RequestInfo request={thread.request} timeZone={timeZone} /> : null}
          <ApprovalBar thread={thread} timeZone={timeZone} onAskForFeedback={onAskForFeedback} />
          {participants.length > 1 ? (
            <AvatarGroup layout="stack" size={24} aria-label="People who can see this review">
              {participants.map((person) => (
                <AvatarGroupItem key={person.id} name={person.fullName} image={person.image ? { src: person.image } : undefined} />
              ))}
            </AvatarGroup>
          ) : null}
          <h3 className={styles.section}>Feedback</h3>
          <FeedbackComposer
            key={draft ? `${draft.kind}:${draft.range.start}:${draft.range.end}` : 'post'}
            thread={thread}
            selfId={selfId}
            draft={draft}
            onClearDraft={() => setDraft(null)}
          />
          <FeedbackThread thread={thread} selfId={selfId} timeZone={timeZone} outdatedIds={outdatedIds} shownId={shownId} />
        </div>
      </div>
    </>
  )
}

interface ReviewPanelProps {
  postId: string
  selfId: string
  timeZone: string | null
  /** The organization holds REVIEW_FLOW: without it the panel shows the post, its versions and what reviews would add. */
  reviewFlow: boolean
  onClose: () => void
  onCompare: (postId: string) => void
  onUpgrade: () => void
  /** Opens the Ask for feedback dialog (Add reviewers on an open request) for the author's post. */
  onAskForFeedback: (postId: string) => void
}

/**
 * The review of one post beside the list: its LinkedIn preview and its text with the suggestions
 * and anchored comments in it, the feedback request, the approval bar and the thread. Opened from
 * a row or a link (/collaborate?postId=…), whichever tab's list holds the post or none does.
 */
export function ReviewPanel(props: ReviewPanelProps) {
  return props.reviewFlow ? <ThreadPanel {...props} /> : <PostOnlyPanel {...props} />
}

function PanelHeader({ title, postId, onClose, onCompare, children }: { title: string; postId: string; onClose: () => void; onCompare: (postId: string) => void; children?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.header}>
      <Button appearance="subtle" icon={<ArrowLeft20Regular />} aria-label="Back to the list" onClick={onClose} data-testid="review-close" />
      <h2 className={styles.title}>{title}</h2>
      {children}
      <Button size="small" icon={<History16Regular />} onClick={() => onCompare(postId)} data-testid="compare-versions">
        Compare versions
      </Button>
    </div>
  )
}

function NotAvailable({ onClose }: { onClose: () => void }) {
  return (
    <EmptyState
      message="This post is not available."
      hint="It may have been deleted, or you are not among the people who can see its review."
      action={{ label: 'Back to the list', onClick: onClose, 'data-testid': 'review-missing-back' }}
      data-testid="review-missing"
    />
  )
}

function ThreadPanel({ postId, selfId, timeZone, onClose, onCompare, onAskForFeedback }: ReviewPanelProps) {
  const styles = useStyles()
  const thread = useReviewThread(postId)
  let body: ReactNode
  if (thread.isPending) body = <PageSkeleton label="Loading the review…" data-testid="review-skeleton" />
  else if (thread.isError) body = isApiError(thread.error, 404) ? <NotAvailable onClose={onClose} /> : <ErrorState onRetry={() => void thread.refetch()} />
  else {
    const header = <PanelHeader title={thread.data.viewer.isAuthor ? 'Your post' : `${thread.data.post.author.fullName}’s post`} postId={postId} onClose={onClose} onCompare={onCompare} />
    body = <ReviewContent key={postId} thread={thread.data} selfId={selfId} timeZone={timeZone} header={header} onAskForFeedback={onAskForFeedback} />
  }
  return (
    <section className={styles.root} aria-label="Review" tabIndex={-1} data-testid="review-panel" data-post-id={postId}>
      {body}
    </section>
  )
}

/** Without REVIEW_FLOW: the author's own post, its versions, and what feedback and approvals would add. */
function PostOnlyPanel({ postId, timeZone, onClose, onCompare, onUpgrade }: ReviewPanelProps) {
  const styles = useStyles()
  const navigate = useNavigate()
  const post = usePost(postId)
  let body: ReactNode
  if (post.isPending) body = <PageSkeleton label="Loading the post…" data-testid="review-skeleton" />
  else if (post.isError) body = isApiError(post.error, 404) ? <NotAvailable onClose={onClose} /> : <ErrorState onRetry={() => void post.refetch()} />
  else
    body = (
      <>
        <PanelHeader title="Your post" postId={postId} onClose={onClose} onCompare={onCompare}>
          <Button size="small" icon={<DocumentEdit16Regular />} onClick={() => void navigate(editorPath(postId))} data-testid="review-open-editor">
            Open in editor
          </Button>
        </PanelHeader>
        <Preview post={post.data} timeZone={timeZone} />
        <EmptyState
          message="Get feedback before it goes out."
          hint="With feedback requests, colleagues comment on your posts and suggest changes, and team leaders approve them. They come with the Professional and Enterprise plans."
          action={{ label: 'See plans', onClick: onUpgrade, 'data-testid': 'review-upgrade' }}
          data-testid="review-upsell"
        />
      </>
    )
  return (
    <section className={styles.root} aria-label="Post" tabIndex={-1} data-testid="review-panel" data-post-id={postId}>
      {body}
    </section>
  )
}
