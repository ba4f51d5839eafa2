import { useMemo, useState } from 'react'
import { Field, Input, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { REVIEW_MESSAGE_MAX } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import type { Post, Priority, ReviewRequest, ReviewThread } from '@shared/domain'
import { prioritySchema } from '@shared/domain'
import { localDate } from '@shared/rules/slots'
import { useRequestReview, useReviewCandidates, useReviewThread } from '@renderer/api/review'
import { useUser } from '@renderer/api/user'
import { ErrorState } from '@renderer/components/ErrorState'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { useReturnFocus } from '@renderer/components/useReturnFocus'
import { LoadingState } from '@renderer/components/LoadingState'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { reviewerOptions } from '@renderer/components/memberOptions'
import { QuarterHourSelect } from '@renderer/components/QuarterHourSelect'
import { useNow } from '@renderer/hooks/useNow'
import { userTimeZone } from '@renderer/lib/timeZone'
import { useNotify } from '@renderer/lib/toasts'
import { dueInstant, initialFeedbackForm, requestReviewBody, type FeedbackForm } from './feedbackForm'

/** How priorities are written (spec §3's values). */
export const PRIORITY_LABELS: Record<Priority, string> = {
  URGENT: 'Urgent',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
  NOPRIORITY: 'No priority'
}

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 160px' } },
  asked: { color: tokens.colorNeutralForeground2 }
})

interface AskForFeedbackDialogProps {
  /** A saved post of the signed-in user's, not published or being published. */
  post: Post
  open: boolean
  onClose: () => void
  /** The request went out: the thread as the server answered it (already in the cache). */
  onDone?: (thread: ReviewThread) => void
  /**
   * Runs the request. The editor passes its autosave's `exclusive`, so the latest text is saved
   * before reviewers are asked and the answered post (asking changes its version) becomes the
   * editor's base. Default: the request as it is.
   */
  runRequest?: (request: () => Promise<ReviewThread>) => Promise<ReviewThread>
}

/**
 * Ask for feedback (issue 13), from the editor and from /collaborate: reviewers from the member
 * picker in feedback mode (the author's team leaders first), a priority, an optional due date in
 * the user's timezone and a message. On a post whose request is open it adds reviewers: the ones
 * already asked are listed and cannot be chosen again, and the request's priority, due date and
 * message start as they are (the server takes the whole form). Mounted per open.
 */
export function AskForFeedbackDialog({ open, post, ...rest }: AskForFeedbackDialogProps) {
  return open ? <AskForFeedbackLoader key={post.id} post={post} {...rest} /> : null
}

function AskForFeedbackLoader(props: Omit<AskForFeedbackDialogProps, 'open'>) {
  // The form's Dialog mounts twice (loading, then ready): focus goes back to the opener by hand.
  useReturnFocus()
  // The thread says whether a request is open (a SCHEDULED post keeps its status while asked).
  const thread = useReviewThread(props.post.id)
  const user = useUser()
  const ready = thread.isSuccess && user.isSuccess
  const request = thread.data?.request?.open ? thread.data.request : null
  // The form starts from the open request once it is known: it mounts again then.
  return (
    <AskForFeedbackForm
      key={ready ? 'ready' : 'loading'}
      {...props}
      state={ready ? { request, timeZone: userTimeZone(user.data) } : thread.isError || user.isError ? 'failed' : 'loading'}
      retry={() => void Promise.all([thread.refetch(), user.refetch()])}
    />
  )
}

interface DueFieldsProps {
  values: FeedbackForm
  set: <K extends keyof FeedbackForm>(key: K, value: FeedbackForm[K]) => void
  now: Date
  timeZone: string
  /** What is wrong with the due date and time. */
  message: string | undefined
}

/** The optional due date, from today, and its time in the user's timezone. */
function DueFields({ values, set, now, timeZone, message }: DueFieldsProps) {
  const styles = useStyles()
  return (
    <div className={styles.row}>
      <Field label="Due date" hint="Optional." validationMessage={message}>
        <Input
          type="date"
          value={values.dueDate}
          min={localDate(now, timeZone)}
          onChange={(_, d) => set('dueDate', d.value)}
          data-testid="ask-feedback-due-date"
        />
      </Field>
      <Field label="Due time" hint={`In your timezone (${timeZone}).`}>
        <QuarterHourSelect
          value={values.dueTime}
          onChange={(time) => set('dueTime', time)}
          disabled={values.dueDate === ''}
          data-testid="ask-feedback-due-time"
        />
      </Field>
    </div>
  )
}

type FormState = { request: ReviewRequest | null; timeZone: string } | 'loading' | 'failed'

function AskForFeedbackForm({
  post,
  onClose,
  onDone,
  runRequest = (request) => request(),
  state,
  retry
}: Omit<AskForFeedbackDialogProps, 'open'> & { state: FormState; retry: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const now = useNow()
  const ready = typeof state === 'object' ? state : null
  const request = ready?.request ?? null
  const timeZone = ready?.timeZone ?? 'UTC'
  const adding = request !== null
  const initial = useMemo(() => initialFeedbackForm(request, timeZone), [request, timeZone])
  const form = useFormDialog({ initial, onClose })
  const { values, set } = form
  const send = useRequestReview()
  const candidates = useReviewCandidates(post.id, '', { enabled: ready !== null })
  const [reviewersTouched, setReviewersTouched] = useState(false)

  const asked = useMemo(() => new Set(request?.reviewers.map((r) => r.id) ?? []), [request])
  const options = useMemo(() => reviewerOptions(candidates.data ?? [], asked), [candidates.data, asked])
  const due = dueInstant(values, timeZone)
  const duePast = due !== null && due !== 'invalid' && due.getTime() <= now.getTime()
  const reviewersMessage = form.errors.reviewerIds ?? (reviewersTouched && values.reviewerIds.length === 0 ? MESSAGES.reviewersMissing : undefined)
  const dueMessage = due === 'invalid' ? 'Enter a date like 2026-03-10.' : duePast ? MESSAGES.reviewDueInPast : form.errors.dueAt

  const submit = async ({ values, idempotencyKey }: Submission<FeedbackForm>) => {
    const body = requestReviewBody(post.id, values, timeZone)
    const thread = await runRequest(() => send.mutateAsync({ ...body, idempotencyKey }))
    const count = values.reviewerIds.length
    notify({
      title: adding ? 'Reviewers added ✅' : 'Feedback request sent ✅',
      body: `${count === 1 ? 'Your reviewer has' : `${count} reviewers have`} been told.`
    })
    onDone?.(thread)
    onClose()
  }

  const title = adding ? 'Add reviewers' : 'Ask for feedback'
  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      onSubmit={submit}
      failureTitle="Feedback request not sent ⚠️"
      canSubmit={ready !== null && values.reviewerIds.length > 0 && due !== 'invalid' && !duePast}
      submitLabel={adding ? 'Add reviewers' : 'Ask for feedback'}
      className={styles.surface}
      testIds={{ dialog: 'ask-feedback-dialog', submit: 'ask-feedback-save', cancel: 'ask-feedback-cancel' }}
    >
      {state === 'loading' ? (
        <LoadingState inline label="Loading the feedback request…" />
      ) : state === 'failed' ? (
        <ErrorState onRetry={retry} />
      ) : (
        <>
          {adding ? (
            <Field label="Already asked">
              <Text className={styles.asked} data-testid="ask-feedback-existing">
                {request.reviewers.map((r) => r.fullName).join(', ')}
              </Text>
            </Field>
          ) : null}
          <Field
            label={adding ? 'New reviewers' : 'Reviewers'}
            required
            hint={reviewersMessage ? undefined : 'Your team leaders are listed first.'}
            validationMessage={reviewersMessage}
          >
            <MemberPicker
              mode="feedback"
              members={options}
              selected={values.reviewerIds}
              onChange={(ids) => {
                setReviewersTouched(true)
                set('reviewerIds', ids)
              }}
              label={adding ? 'New reviewers' : 'Reviewers'}
              data-testid="ask-feedback-reviewers"
            />
          </Field>
          <Field label="Priority" validationMessage={form.errors.priority}>
            <Select value={values.priority} onChange={(_, d) => set('priority', d.value as Priority)} data-testid="ask-feedback-priority">
              {prioritySchema.options.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </option>
              ))}
            </Select>
          </Field>
          <DueFields values={values} set={set} now={now} timeZone={timeZone} message={dueMessage} />
          <Field label="Message" hint="Optional: what should your reviewers look at?" validationMessage={form.errors.message}>
            <Textarea
              value={values.message}
              onChange={(_, d) => set('message', d.value)}
              maxLength={REVIEW_MESSAGE_MAX}
              resize="vertical"
              data-testid="ask-feedback-message"
            />
          </Field>
        </>
      )}
    </FormDialog>
  )
}
