import { useMemo, useState } from 'react'
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
  useId
} from '@fluentui/react-components'
import {
  CalendarClock20Regular,
  Delete20Regular,
  Desktop20Regular,
  DocumentText20Regular,
  Image20Regular,
  PersonFeedback20Regular,
  Phone20Regular,
  Poll20Regular,
  Send20Regular,
  TextDescription20Regular,
  Video20Regular,
  type FluentIcon
} from '@fluentui/react-icons'
import { MESSAGES } from '@shared/api/messages'
import { LINKEDIN_POST_MAX, POST_IMAGES_MAX, POST_TYPE_CHOICES } from '@shared/constants'
import type { AssignedSlot, Draft, MediaKind, Organization, Post, PostMedia, ReviewThread, User } from '@shared/domain'
import { hasEntitlement } from '@shared/rules'
import { postLength } from '@shared/rules/posts'
import { useHost } from '@renderer/host/HostContext'
import { useEntitlements } from '@renderer/api/entitlements'
import { useAssignedSlot } from '@renderer/api/posts'
import { useReviewThread } from '@renderer/api/review'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { AskForFeedbackDialog } from '@renderer/dialogs/review/AskForFeedbackDialog'
import { useNow } from '@renderer/hooks/useNow'
import { userTimeZone } from '@renderer/lib/timeZone'
import { AiIdeasPanel } from './ai/AiIdeasPanel'
import { MediaUploader } from './media/MediaUploader'
import { PollEditor } from './poll/PollEditor'
import { PostPreview } from '@renderer/components/postPreview/PostPreview'
import { ResharedPost } from '@renderer/components/postPreview/ResharedPost'
import { PostStatusBar } from './PostStatusBar'
import { ReviewStatusBar } from './ReviewStatusBar'
import { approvalBlock } from './postApproval'
import { ScheduleDialog } from './ScheduleDialog'
import { SlotSummary } from './SlotSummary'
import { activeMedia, draftProblems, emptyDraft, postTypeOf, reshareProblems, type PostDraft, type PostTypeChoice } from './postDraft'
import { previewWhen } from './postTimes'
import { LinkedInRequired, linkedInProblem } from './LinkedInRequired'
import { ActionError } from './ActionError'
import { failureOf, usePostActions } from './usePostActions'
import { useAutosave } from './useAutosave'
import type { SaveState } from './autosave'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { PostAsHint, unlinkedPages } from './PostAsHint'

const CHOICE_ICONS: Record<PostTypeChoice, FluentIcon> = {
  Text: TextDescription20Regular,
  'Add image': Image20Regular,
  'Add media': Video20Regular,
  'Add a document': DocumentText20Regular,
  'Create a poll': Poll20Regular
}

const UPLOADS: Partial<Record<PostTypeChoice, { kind: MediaKind; max: number }>> = {
  'Add image': { kind: 'image', max: POST_IMAGES_MAX },
  'Add media': { kind: 'video', max: 1 },
  'Add a document': { kind: 'document', max: 1 }
}

const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — will retry',
  conflict: 'Not saved',
  refused: 'Not saved'
}

const WAIT_FOR_UPLOADS = 'Wait for the uploads to finish.'
const REPLACE_TEXT = { title: 'Replace your text?', message: 'The draft replaces what you have written so far.', confirmLabel: 'Replace' }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
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
  },
  status: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Composer and preview side by side; below 1200 px the preview goes under the composer.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXXL,
    '@media (max-width: 1199.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' }
  },
  composer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  postAsBlock: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  postAs: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, '> :last-child': { flex: '0 1 360px', minWidth: 0 } },
  // A native select is at least as wide as its longest option (a long page name): on a phone it must shrink below that.
  shrink: { minWidth: 0 },
  choices: { flexWrap: 'wrap' },
  choice: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  text: { '& textarea': { minHeight: '240px' } },
  // Below the textarea, never pulled up into it (a negative margin put the digits over its bottom border).
  counterRow: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalXXS },
  counter: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  counterOver: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  // No sideways scrolling: the preview narrows to the column (PostPreview fits its parts to any width).
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'center', minWidth: 0, maxWidth: '100%' }
})

interface PostEditorProps {
  user: User
  organization: Organization
  /** The post to edit; null: a new one. */
  initialPost: Post | null
  /** The slot a new post is written for (its type, page, tag and idea). */
  newPostSlot: AssignedSlot | null
  /** ?slotId= named a slot the user cannot write for. */
  slotMissing: boolean
  onCreated: (post: Post) => void
  onDeleted: () => void
}

/** The business pages the user may post as: the organization's pages they are linked to. */
function linkedPages(user: User, organization: Organization) {
  const linked = new Set(user.userOrgBusinessPages.map((p) => p.businessPageId))
  return organization.organizationBusinessPages.filter((p) => linked.has(p.id))
}

/** A new post for a business-page slot is posted as the first of its pages the user is linked to. */
function slotPage(slot: AssignedSlot | null, pageIds: Set<string>): string | null {
  if (!slot?.isBusinessPageSlot) return null
  return slot.businessPages.find((p) => pageIds.has(p.id))?.id ?? null
}

/**
 * The composer (spec §2, issue 6): post as, post type, text with LinkedIn's character count, the
 * media or poll editor of the type, AI ideas, and the LinkedIn preview beside it; autosaved as the
 * user types; Schedule, Post now and Delete with the post's status above.
 */
export function PostEditor({ user, organization, initialPost, newPostSlot, slotMissing, onCreated, onDeleted }: PostEditorProps) {
  const styles = useStyles()
  const host = useHost()
  const timeZone = userTimeZone(user)
  const pages = useMemo(() => linkedPages(user, organization), [user, organization])
  const postAsHintId = useId('post-as-hint')
  const [initialDraft] = useState<PostDraft>(() =>
    emptyDraft({ type: newPostSlot?.postType, slotId: newPostSlot?.id ?? null, businessPageId: slotPage(newPostSlot, new Set(pages.map((p) => p.id))) })
  )
  const autosave = useAutosave({ userId: user.id, initialPost, initialDraft, onCreated })
  const { draft, post, publishing, readOnly, controller } = autosave
  // Pages of the organization nobody linked the user to: Post as cannot offer them, the hint says how to get linked.
  const postAsHinted = !readOnly && unlinkedPages(user, organization).length > 0
  // A reshare (issue 15): the text is the comment over the reshared post; no media, poll, format or page of its own.
  const reshare = post?.reshare ?? initialPost?.reshare ?? null
  const edit = controller.edit.bind(controller)
  const slot = useAssignedSlot(draft.slotId)
  const actions = usePostActions({ controller, postId: autosave.postId, timeZone, onDeleted })
  // Feedback requests and approvals need REVIEW_FLOW: without it the thread is not asked for (a 402 would open the plan dialog).
  const entitlements = useEntitlements()
  const reviewFlow = hasEntitlement(entitlements.data ?? [], 'REVIEW_FLOW')
  const thread = useReviewThread(post?.id ?? null, { enabled: reviewFlow })
  const request = thread.data?.request?.open ? thread.data.request : null
  const [askingFeedback, setAskingFeedback] = useState(false)

  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop')
  const [uploading, setUploading] = useState(false)
  const [textTouched, setTextTouched] = useState(false)
  // A missing image, video or document is a hint until the user tried Schedule or Post now, or added and removed a file.
  const [mediaTouched, setMediaTouched] = useState(false)
  const [pendingAiDraft, setPendingAiDraft] = useState<Draft | null>(null)

  const type = postTypeOf(draft)
  const media = activeMedia(draft)
  const problems = reshare ? reshareProblems(draft) : draftProblems(draft)
  const length = postLength(draft.text)
  const over = length > LINKEDIN_POST_MAX
  const textProblem = problems.text === MESSAGES.postEmpty && !textTouched ? undefined : problems.text
  const upload = UPLOADS[draft.choice]
  const mediaMissing = problems.media !== undefined && media.length === 0 && !mediaTouched
  const conflict = autosave.state === 'conflict'

  const now = useNow()
  const linkedIn = linkedInProblem(user, now)
  // A post not saved yet needs approval when its author's posts do (the server then says so on the post).
  const approvalWait = post ? approvalBlock(post) : reviewFlow && user.userApprovalFlow ? MESSAGES.approvalRequiredToSchedule : null
  const blocked = uploading
    ? WAIT_FOR_UPLOADS
    : conflict
      ? MESSAGES.postChangedElsewhere
      : (linkedIn?.message ?? (Object.values(problems).join(' ') || approvalWait))
  const canAct = !readOnly && blocked === null && !actions.busy
  const scheduled = post?.status === 'SCHEDULED'

  const page = pages.find((p) => p.id === draft.businessPageId) ?? post?.businessPage ?? null
  const author = page
    ? { name: page.linkedInCompanyName, image: page.image, subtitle: 'Company page' }
    : { name: user.fullName, image: user.image, subtitle: organization.name }
  const pageOptions = page && !pages.some((p) => p.id === page.id) ? [...pages, page] : pages

  const applyAiDraft = (ai: Draft) =>
    edit((d) => ({ ...d, text: ai.text, poll: ai.poll ? { ...d.poll, question: ai.poll.question, options: ai.poll.options } : d.poll }))

  const openLinkedIn = (url: string) => {
    host.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url}.`, error))
  }

  // Edit time starts from the post's time (or its slot when it went into one); Schedule from the post's slot.
  const editing = actions.schedule?.post ?? null
  const scheduleStart = editing
    ? { mode: editing.slotId && slot.data?.time === editing.scheduledAt ? ('slot' as const) : ('time' as const), scheduledAt: editing.scheduledAt, slotId: editing.slotId }
    : { mode: draft.slotId && slot.data?.status === 'OPEN' ? ('slot' as const) : ('time' as const), scheduledAt: null, slotId: draft.slotId }

  /** Asking for feedback saves the latest text first and takes the answered post (its version changed) as the editor's base. */
  const askThroughEditor = async (send: () => Promise<ReviewThread>) => {
    let answered: ReviewThread | null = null
    await controller.exclusive(async () => {
      answered = await send()
      return answered.post
    })
    return answered!
  }

  const reloadFromServer = () => void actions.resolveConflict('reload')
  const keepMine = () => void actions.resolveConflict('keep')

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>{reshare ? 'Reshare' : initialPost || autosave.postId ? 'Edit post' : 'New post'}</h2>
        <Text
          className={mergeClasses(styles.saveState, (autosave.state === 'retrying' || autosave.state === 'refused') && styles.saveProblem)}
          aria-live="polite"
          data-testid="autosave-state"
        >
          {autosave.state === 'refused' && autosave.refusal ? `Not saved: ${autosave.refusal}` : SAVE_STATE_TEXT[autosave.state]}
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
              <Button icon={<PersonFeedback20Regular />} onClick={() => setAskingFeedback(true)} disabled={actions.busy || conflict} data-testid="ask-feedback-open">
                Ask for feedback
              </Button>
            ) : null}
            {scheduled ? null : (
              <Tooltip content={blocked ?? 'Choose when it goes out on LinkedIn.'} relationship="description">
                <Button
                  icon={<CalendarClock20Regular />}
                  disabledFocusable={!canAct}
                  onClickCapture={() => setMediaTouched(true)}
                  onClick={() => actions.openSchedule(null)}
                >
                  Schedule
                </Button>
              </Tooltip>
            )}
            <Tooltip content={blocked ?? 'Publish on LinkedIn right away.'} relationship="description">
              <Button
                appearance="primary"
                icon={<Send20Regular />}
                disabledFocusable={!canAct}
                onClickCapture={() => setMediaTouched(true)}
                onClick={actions.askPostNow}
              >
                Post now
              </Button>
            </Tooltip>
          </div>
        )}
      </div>

      <div className={styles.status} data-testid="post-status">
        {autosave.restored ? (
          <MessageBar intent="info" data-testid="post-restored">
            <MessageBarBody>Restored your unsaved changes.</MessageBarBody>
            <MessageBarActions>
              <Button size="small" appearance="transparent" onClick={() => controller.dismissRestored()}>
                Dismiss
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        {conflict ? (
          <MessageBar intent="warning" layout="multiline" data-testid="post-conflict">
            <MessageBarBody>{MESSAGES.postChangedElsewhere} Your text is kept here until you choose.</MessageBarBody>
            <MessageBarActions>
              <Button size="small" onClick={reloadFromServer} disabled={actions.busy}>
                Reload
              </Button>
              <Button size="small" onClick={keepMine} disabled={actions.busy}>
                Keep my version
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        {slotMissing ? (
          <MessageBar intent="warning" data-testid="post-slot-missing">
            <MessageBarBody>{MESSAGES.slotNotFound} This post is not tied to a slot.</MessageBarBody>
          </MessageBar>
        ) : null}
        {linkedIn && !readOnly ? <LinkedInRequired problem={linkedIn} /> : null}
        {post ? (
          <PostStatusBar
            post={post}
            publishing={publishing}
            linkedInBlocked={linkedIn !== null}
            timeZone={timeZone}
            busy={actions.busy}
            onUnschedule={() => void actions.unschedule()}
            onEditTime={() => actions.openSchedule(post)}
            onRetry={() => void actions.retry()}
            onViewOnLinkedIn={openLinkedIn}
          />
        ) : null}
        {post ? (
          <ReviewStatusBar
            post={post}
            request={request}
            timeZone={timeZone}
            readOnly={readOnly}
            busy={actions.busy}
            onAddReviewers={() => setAskingFeedback(true)}
            onWithdraw={() => void actions.withdrawReview()}
            onSendForApproval={() => void actions.sendForApproval()}
          />
        ) : null}
        {actions.errors.map((message) => (
          <ActionError key={message} message={message} />
        ))}
      </div>

      <div className={styles.columns}>
        <div className={styles.composer}>
          {slot.data ? <SlotSummary slot={slot.data} timeZone={timeZone} /> : null}

          {reshare ? null : (
            <>
              <div className={styles.postAsBlock}>
                <div className={styles.postAs}>
                  <PersonAvatar name={author.name} image={author.image ? { src: author.image } : undefined} size={32} color="colorful" aria-hidden />
                  <Field label="Post as">
                    <Select
                      className={styles.shrink}
                      select={{ className: styles.shrink }}
                      value={draft.businessPageId ?? ''}
                      onChange={(_, d) => edit((current) => ({ ...current, businessPageId: d.value || null }))}
                      disabled={readOnly || pageOptions.length === 0}
                      aria-describedby={postAsHinted ? postAsHintId : undefined}
                      data-testid="post-as"
                    >
                      <option value="">{user.fullName} (you)</option>
                      {pageOptions.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.linkedInCompanyName}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
                {postAsHinted ? <PostAsHint id={postAsHintId} user={user} organization={organization} /> : null}
              </div>

              <RadioGroup
                value={draft.choice}
                onChange={(_, d) => edit((current) => ({ ...current, choice: d.value as PostTypeChoice }))}
                layout="horizontal"
                disabled={readOnly}
                aria-label="Post type"
                className={styles.choices}
                data-testid="post-type"
              >
                {POST_TYPE_CHOICES.map((choice) => {
                  const Icon = CHOICE_ICONS[choice]
                  return (
                    <Radio
                      key={choice}
                      value={choice}
                      label={
                        <span className={styles.choice}>
                          <Icon aria-hidden />
                          {choice}
                        </span>
                      }
                    />
                  )
                })}
              </RadioGroup>
            </>
          )}

          <div>
            <Field
              label={reshare ? 'Your comment' : 'Post text'}
              validationState={textProblem ? 'error' : 'none'}
              validationMessage={textProblem}
              className={styles.text}
            >
              <Textarea
                value={draft.text}
                dir="auto"
                onChange={(_, d) => edit((current) => ({ ...current, text: d.value }))}
                onBlur={() => setTextTouched(true)}
                readOnly={readOnly}
                // Read-only looks it: filled, not the outline of a field waiting for typing.
                appearance={readOnly ? 'filled-darker' : 'outline'}
                resize="vertical"
                placeholder={reshare ? 'Add your own words to the post you reshare' : 'What do you want to talk about?'}
                data-testid="post-text"
              />
            </Field>
            <div className={styles.counterRow}>
              <Text className={mergeClasses(styles.counter, over && styles.counterOver)} data-testid="post-char-count">
                {`${length.toLocaleString('en-US')} / ${LINKEDIN_POST_MAX.toLocaleString('en-US')}`}
              </Text>
            </div>
          </div>

          {reshare ? (
            <ResharedPost author={reshare.previewAuthor} text={reshare.previewText} url={reshare.linkedInPostUrl} data-testid="reshare-of" />
          ) : null}

          {upload && !reshare ? (
            <Field
              label={draft.choice === 'Add image' ? 'Images' : draft.choice === 'Add media' ? 'Video' : 'Document'}
              validationState={problems.media && !mediaMissing ? 'warning' : 'none'}
              validationMessage={problems.media}
            >
              <MediaUploader
                key={upload.kind}
                kind={upload.kind}
                media={media}
                max={upload.max}
                disabled={readOnly}
                onBusyChange={setUploading}
                onChange={(next: PostMedia[]) => {
                  setMediaTouched(true)
                  edit((current) => ({ ...current, media: [...current.media.filter((m) => m.kind !== upload.kind), ...next] }))
                }}
              />
            </Field>
          ) : null}
          {draft.choice === 'Create a poll' && !reshare ? (
            <PollEditor value={draft.poll} onChange={(poll) => edit((current) => ({ ...current, poll }))} problems={problems} disabled={readOnly} />
          ) : null}

          {readOnly || reshare ? null : (
            <Accordion collapsible>
              <AccordionItem value="ideas">
                <AccordionHeader>Get ideas</AccordionHeader>
                <AccordionPanel>
                  <AiIdeasPanel
                    postType={type}
                    slotId={draft.slotId ?? undefined}
                    businessPageId={draft.businessPageId ?? undefined}
                    onUseDraft={(ai: Draft) => (draft.text.trim() === '' ? applyAiDraft(ai) : setPendingAiDraft(ai))}
                  />
                </AccordionPanel>
              </AccordionItem>
            </Accordion>
          )}
        </div>

        <div className={styles.preview}>
          <RadioGroup value={width} onChange={(_, d) => setWidth(d.value as 'desktop' | 'mobile')} layout="horizontal" aria-label="Preview width">
            <Radio
              value="desktop"
              label={
                <span className={styles.choice}>
                  <Desktop20Regular aria-hidden />
                  Desktop
                </span>
              }
            />
            <Radio
              value="mobile"
              label={
                <span className={styles.choice}>
                  <Phone20Regular aria-hidden />
                  Mobile
                </span>
              }
            />
          </RadioGroup>
          <PostPreview
            text={draft.text}
            type={type}
            poll={type === 'poll' ? draft.poll : null}
            media={media}
            author={author}
            when={previewWhen(publishing ? null : post, now, timeZone)}
            width={width}
            reshared={reshare ? { author: reshare.previewAuthor, text: reshare.previewText } : undefined}
          />
        </div>
      </div>

      {actions.schedule ? (
        <ScheduleDialog
          timeZone={timeZone}
          slots={actions.schedule.slots}
          slotsLoading={actions.schedule.slotsLoading}
          initial={scheduleStart}
          onSchedule={actions.schedulePost}
          describeRefusal={failureOf}
          onClose={actions.closeSchedule}
        />
      ) : null}
      {post ? <AskForFeedbackDialog open={askingFeedback} post={post} onClose={() => setAskingFeedback(false)} runRequest={askThroughEditor} /> : null}
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
          if (pendingAiDraft) applyAiDraft(pendingAiDraft)
          setPendingAiDraft(null)
        }}
        onCancel={() => setPendingAiDraft(null)}
        data-testid="replace-text-dialog"
      />
    </div>
  )
}
