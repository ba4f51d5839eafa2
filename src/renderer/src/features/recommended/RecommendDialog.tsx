import { useMemo, useState } from 'react'
import { Button, Field, Input, Radio, RadioGroup, Spinner, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Search20Regular } from '@fluentui/react-icons'
import type { User } from '@shared/domain'
import { MAX_SUGGESTED_COMMENTS, type RecommendablePost } from '@shared/domain/recommended'
import { isAdmin } from '@shared/rules'
import { useAllMembers } from '@renderer/api/members'
import { useCreateRecommendation, useRecommendablePosts } from '@renderer/api/recommended'
import { useTeams } from '@renderer/api/teams'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { MultiPicker } from '@renderer/components/MultiPicker'
import type { PickableMember } from '@renderer/components/memberOptions'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useNow } from '@renderer/hooks/useNow'
import { formatDate } from '@renderer/lib/formatDate'
import { userTimeZone } from '@renderer/lib/timeZone'
import { useNotify } from '@renderer/lib/toasts'
import { linkedInPostUrlProblem } from './postAddress'
import { INITIAL_RECOMMEND_VALUES, canAddComment, firstEndDay, recommendBody, recommendProblems, type RecommendSource, type RecommendValues } from './recommendForm'

const useStyles = makeStyles({
  surface: { width: 'min(640px, calc(100vw - 32px))', maxWidth: '640px' },
  posts: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '260px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS
  },
  post: { borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalXXS },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  postLabel: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  excerpt: { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  commentRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', '> :first-child': { flexGrow: 1 } },
  comments: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  searching: { padding: tokens.spacingVerticalS }
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
  const teams = useTeams()
  const members = useAllMembers({ enabled: values.audience === 'members' })

  const led = useMemo(() => new Set(user.leadingTeams.map((t) => t.id)), [user.leadingTeams])
  const teamChoices = useMemo(() => (teams.data ?? []).filter((t) => admin || led.has(t.id)), [teams.data, admin, led])
  const memberChoices = useMemo((): PickableMember[] => {
    const active = (members.data ?? []).filter((m) => m.status !== 'INVITED' && m.id !== user.id)
    if (admin) return active
    const ofLedTeams = new Set(teamChoices.flatMap((t) => [...t.members, ...t.teamLeaders].map((m) => m.id)))
    return active.filter((m) => ofLedTeams.has(m.id))
  }, [members.data, admin, teamChoices, user.id])

  const urlProblem = values.source === 'url' && values.linkedInPostUrl.trim() !== '' ? linkedInPostUrlProblem(values.linkedInPostUrl) : null
  // Local checks show once the user tried to send; the address is checked as it is typed.
  const [tried, setTried] = useState(false)
  const problems = recommendProblems(values, now, timeZone, urlProblem)
  const shown = { ...(tried ? problems : urlProblem ? { linkedInPostUrl: urlProblem } : {}), ...form.errors }

  const setComment = (index: number, text: string) => update((v) => ({ ...v, suggestedComments: v.suggestedComments.map((c, i) => (i === index ? text : c)) }))
  const removeComment = (index: number) => update((v) => ({ ...v, suggestedComments: v.suggestedComments.filter((_, i) => i !== index) }))
  const addComment = () => update((v) => (canAddComment(v) ? { ...v, suggestedComments: [...v.suggestedComments, ''] } : v))

  const chosenPost: RecommendablePost | undefined = useMemo(() => posts.data?.find((p) => p.postId === values.postId), [posts.data, values.postId])

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
        <Field label="Published post" required validationMessage={shown.postId} validationState={shown.postId ? 'error' : 'none'}>
          <Input
            contentBefore={<Search20Regular aria-hidden />}
            value={search}
            onChange={(_, d) => setSearch(d.value)}
            placeholder="Search the text of published posts"
            aria-label="Search published posts"
            data-testid="recommend-post-search"
          />
          {posts.isPending ? (
            <Spinner size="tiny" label="Loading published posts" className={styles.searching} />
          ) : (posts.data ?? []).length === 0 ? (
            <Text className={styles.muted} data-testid="recommend-posts-empty">
              {debounced.trim() ? 'No results found' : 'Your organization has no published posts yet. Paste a LinkedIn post address instead.'}
            </Text>
          ) : (
            <RadioGroup
              value={values.postId ?? ''}
              onChange={(_, d) => set('postId', d.value)}
              aria-label="Published posts"
              className={styles.posts}
              data-testid="recommend-posts"
            >
              {(posts.data ?? []).map((p) => (
                <Radio
                  key={p.postId}
                  value={p.postId}
                  className={mergeClasses(styles.post, values.postId === p.postId && styles.chosen)}
                  data-testid={`recommend-post-${p.postId}`}
                  label={
                    <span className={styles.postLabel}>
                      <span dir="auto" className={styles.excerpt}>{p.text.trim() || '(no text)'}</span>
                      <Text size={200} className={styles.muted}>
                        {`${p.businessPageName ?? p.authorName} · ${formatDate(p.publishedAt, 'date', { timeZone })}`}
                      </Text>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          )}
          {chosenPost === undefined && values.postId !== null ? (
            <Text size={200} className={styles.muted}>
              The post you chose is not among these results; it stays chosen.
            </Text>
          ) : null}
        </Field>
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

      <Field
        label={`Suggested comments (optional, up to ${MAX_SUGGESTED_COMMENTS})`}
        hint="Colleagues pick one to start their reshare with, or write their own."
        validationMessage={shown.suggestedComments}
        validationState={shown.suggestedComments ? 'error' : 'none'}
      >
        <div className={styles.comments}>
          {values.suggestedComments.map((comment, index) => (
            <div key={index} className={styles.commentRow}>
              <Textarea
                value={comment}
                onChange={(_, d) => setComment(index, d.value)}
                aria-label={`Suggested comment ${index + 1}`}
                resize="vertical"
                data-testid={`recommend-comment-${index}`}
              />
              <Button
                appearance="subtle"
                icon={<Delete20Regular />}
                aria-label={`Remove suggested comment ${index + 1}`}
                disabled={values.suggestedComments.length === 1}
                onClick={() => removeComment(index)}
                data-testid={`recommend-comment-remove-${index}`}
              />
            </div>
          ))}
          <div>
            <Button icon={<Add20Regular />} onClick={addComment} disabled={!canAddComment(values)} data-testid="recommend-comment-add">
              Add a comment
            </Button>
          </div>
        </div>
      </Field>

      <Field label="Audience">
        <RadioGroup
          value={values.audience}
          onChange={(_, d) => set('audience', d.value as RecommendValues['audience'])}
          layout="horizontal"
          data-testid="recommend-audience"
        >
          {admin ? <Radio value="everyone" label="Everyone" data-testid="recommend-audience-everyone" /> : null}
          <Radio value="teams" label="Teams" data-testid="recommend-audience-teams" />
          <Radio value="members" label="Members" data-testid="recommend-audience-members" />
        </RadioGroup>
      </Field>
      {values.audience === 'teams' ? (
        <Field label="Teams" required validationMessage={shown.teamIds} validationState={shown.teamIds ? 'error' : 'none'}>
          <MultiPicker
            options={teamChoices.map((t) => ({ value: t.id, label: t.name, secondary: `${t.members.length} ${t.members.length === 1 ? 'member' : 'members'}` }))}
            selected={values.teamIds}
            onChange={(ids) => set('teamIds', ids)}
            label="Teams"
            placeholder="Search teams"
            noOptionsMessage="No results found"
            data-testid="recommend-teams"
          />
        </Field>
      ) : null}
      {values.audience === 'members' ? (
        <Field label="Members" required validationMessage={shown.memberIds} validationState={shown.memberIds ? 'error' : 'none'}>
          <MemberPicker
            members={memberChoices}
            selected={values.memberIds}
            onChange={(ids) => set('memberIds', ids)}
            label="Members"
            data-testid="recommend-members"
          />
        </Field>
      ) : null}

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
