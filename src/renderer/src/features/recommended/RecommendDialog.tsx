import { useState } from 'react'
import { Field, Input, Radio, RadioGroup, Textarea, makeStyles } from '@fluentui/react-components'
import type { User } from '@shared/domain'
import { isAdmin } from '@shared/rules'
import { useCreateRecommendation, useRecommendablePosts } from '@renderer/api/recommended'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useNow } from '@renderer/hooks/useNow'
import { userTimeZone } from '@renderer/lib/timeZone'
import { useNotify } from '@renderer/lib/toasts'
import { linkedInPostUrlProblem } from './postAddress'
import { INITIAL_RECOMMEND_VALUES, canAddComment, firstEndDay, recommendBody, recommendProblems, type RecommendSource, type RecommendValues } from './recommendForm'
import { AudienceFields, PublishedPostField, SuggestedCommentsField } from './RecommendFields'

const useStyles = makeStyles({
  surface: { width: 'min(640px, calc(100vw - 32px))', maxWidth: '640px' }
})

const SEARCH_DEBOUNCE_MS = 250

interface RecommendDialogProps {
  user: User
  onClose: () => void
  onCreated: () => void
}

/**
 * Recommend a post (issue 15): one of the organization's published posts or a LinkedIn post
 * address, a note, one to five suggested comments, the audience (team leaders: their teams and
 * their members only) and an optional last day.
 */
export function RecommendDialog({ user, onClose, onCreated }: RecommendDialogProps) {
  const styles = useStyles()
  const notify = useNotify()
  const now = useNow()
  const timeZone = userTimeZone(user)
  const admin = isAdmin(user)
  // Team leaders recommend to their teams or their members, not to everyone.
  const [initial] = useState<RecommendValues>(() => ({ ...INITIAL_RECOMMEND_VALUES, audience: admin ? 'everyone' : 'teams' }))
  const form = useFormDialog<RecommendValues>({ initial, onClose })
  const { values, set, update } = form
  const create = useCreateRecommendation()

  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const posts = useRecommendablePosts(debounced, { enabled: values.source === 'post' })

  const urlProblem = values.source === 'url' && values.linkedInPostUrl.trim() !== '' ? linkedInPostUrlProblem(values.linkedInPostUrl) : null
  // Local checks show once the user tried to send; the address is checked as it is typed.
  const [tried, setTried] = useState(false)
  const problems = recommendProblems(values, now, timeZone, urlProblem)
  const shown = { ...(tried ? problems : urlProblem ? { linkedInPostUrl: urlProblem } : {}), ...form.errors }

  const setComment = (index: number, text: string) => update((v) => ({ ...v, suggestedComments: v.suggestedComments.map((c, i) => (i === index ? text : c)) }))
  const removeComment = (index: number) => update((v) => ({ ...v, suggestedComments: v.suggestedComments.filter((_, i) => i !== index) }))
  const addComment = () => update((v) => (canAddComment(v) ? { ...v, suggestedComments: [...v.suggestedComments, ''] } : v))

  return (
    <FormDialog
      form={form}
      title="Recommend a post"
      label="Recommend a post"
      failureTitle="Not recommended ⚠️"
      submitLabel="Recommend"
      className={styles.surface}
      testIds={{ dialog: 'recommend-dialog', submit: 'recommend-submit', cancel: 'recommend-cancel' }}
      onSubmit={async ({ values, idempotencyKey }) => {
        setTried(true)
        if (Object.keys(recommendProblems(values, new Date(), timeZone, urlProblem)).length > 0) return
        await create.mutateAsync({ ...recommendBody(values, timeZone), idempotencyKey })
        notify({ title: 'Post recommended ✅', body: 'Its audience is notified.' })
        onCreated()
      }}
    >
      <Field label="What to recommend">
        <RadioGroup
          value={values.source}
          onChange={(_, d) => set('source', d.value as RecommendSource)}
          layout="horizontal"
          data-testid="recommend-source"
        >
          <Radio value="post" label="A published post of our organization" data-testid="recommend-source-post" />
          <Radio value="url" label="A LinkedIn post address" data-testid="recommend-source-url" />
        </RadioGroup>
      </Field>

      {values.source === 'post' ? (
        <PublishedPostField
          search={search}
          onSearch={setSearch}
          debounced={debounced}
          posts={posts}
          postId={values.postId}
          onChoose={(postId) => set('postId', postId)}
          error={shown.postId}
          timeZone={timeZone}
        />
      ) : (
        <Field
          label="LinkedIn post address"
          required
          validationMessage={shown.linkedInPostUrl}
          validationState={shown.linkedInPostUrl ? 'error' : 'none'}
          hint="For example https://www.linkedin.com/feed/update/urn:li:activity:…"
        >
          <Input
            type="url"
            value={values.linkedInPostUrl}
            onChange={(_, d) => set('linkedInPostUrl', d.value)}
            placeholder="https://www.linkedin.com/…"
            data-testid="recommend-url"
          />
        </Field>
      )}

      <Field label="Note to your colleagues" validationMessage={shown.note} validationState={shown.note ? 'error' : 'none'}>
        <Textarea
          value={values.note}
          onChange={(_, d) => set('note', d.value)}
          placeholder="Why this post matters, and who it is for"
          resize="vertical"
          data-testid="recommend-note"
        />
      </Field>

      <SuggestedCommentsField
        comments={values.suggestedComments}
        error={shown.suggestedComments}
        canAdd={canAddComment(values)}
        onChange={setComment}
        onRemove={removeComment}
        onAdd={addComment}
      />

      <AudienceFields user={user} admin={admin} values={values} set={set} errors={shown} />

      <Field
        label="Offer it until (optional)"
        hint="The last day it shows to your colleagues; leave it empty to offer it with no end."
        validationMessage={shown.endsAt}
        validationState={shown.endsAt ? 'error' : 'none'}
      >
        <Input
          type="date"
          value={values.endsOn}
          min={firstEndDay(now, timeZone)}
          onChange={(_, d) => set('endsOn', d.value)}
          data-testid="recommend-ends"
        />
      </Field>
    </FormDialog>
  )
}
