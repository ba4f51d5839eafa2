import { useMemo } from 'react'
import { Button, Field, Input, Radio, RadioGroup, Spinner, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Search20Regular } from '@fluentui/react-icons'
import type { User } from '@shared/domain'
import { MAX_SUGGESTED_COMMENTS, type RecommendablePost } from '@shared/domain/recommended'
import { useAllMembers } from '@renderer/api/members'
import { useTeams } from '@renderer/api/teams'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { MultiPicker } from '@renderer/components/MultiPicker'
import type { PickableMember } from '@renderer/components/memberOptions'
import { formatDate } from '@renderer/lib/formatDate'
import type { RecommendValues } from './recommendForm'

const useStyles = makeStyles({
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

interface PublishedPostFieldProps {
  search: string
  onSearch: (search: string) => void
  /** The search as last asked for (after the pause in typing). */
  debounced: string
  posts: { isPending: boolean; data: RecommendablePost[] | undefined }
  postId: string | null
  onChoose: (postId: string) => void
  error: string | undefined
  timeZone: string
}

/** One of the organization's published posts, found by its text. */
export function PublishedPostField({ search, onSearch, debounced, posts, postId, onChoose, error, timeZone }: PublishedPostFieldProps) {
  const styles = useStyles()
  const chosenPost = useMemo(() => posts.data?.find((p) => p.postId === postId), [posts.data, postId])
  return (
    <Field label="Published post" required validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        contentBefore={<Search20Regular aria-hidden />}
        value={search}
        onChange={(_, d) => onSearch(d.value)}
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
        <RadioGroup value={postId ?? ''} onChange={(_, d) => onChoose(d.value)} aria-label="Published posts" className={styles.posts} data-testid="recommend-posts">
          {(posts.data ?? []).map((p) => (
            <Radio
              key={p.postId}
              value={p.postId}
              className={mergeClasses(styles.post, postId === p.postId && styles.chosen)}
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
      {chosenPost === undefined && postId !== null ? (
        <Text size={200} className={styles.muted}>
          The post you chose is not among these results; it stays chosen.
        </Text>
      ) : null}
    </Field>
  )
}

interface SuggestedCommentsFieldProps {
  comments: string[]
  error: string | undefined
  canAdd: boolean
  onChange: (index: number, text: string) => void
  onRemove: (index: number) => void
  onAdd: () => void
}

/** One to five comments colleagues may start their reshare with. */
export function SuggestedCommentsField({ comments, error, canAdd, onChange, onRemove, onAdd }: SuggestedCommentsFieldProps) {
  const styles = useStyles()
  return (
    <Field
      label={`Suggested comments (optional, up to ${MAX_SUGGESTED_COMMENTS})`}
      hint="Colleagues pick one to start their reshare with, or write their own."
      validationMessage={error}
      validationState={error ? 'error' : 'none'}
    >
      <div className={styles.comments}>
        {comments.map((comment, index) => (
          <div key={index} className={styles.commentRow}>
            <Textarea
              value={comment}
              onChange={(_, d) => onChange(index, d.value)}
              aria-label={`Suggested comment ${index + 1}`}
              resize="vertical"
              data-testid={`recommend-comment-${index}`}
            />
            <Button
              appearance="subtle"
              icon={<Delete20Regular />}
              aria-label={`Remove suggested comment ${index + 1}`}
              disabled={comments.length === 1}
              onClick={() => onRemove(index)}
              data-testid={`recommend-comment-remove-${index}`}
            />
          </div>
        ))}
        <div>
          <Button icon={<Add20Regular />} onClick={onAdd} disabled={!canAdd} data-testid="recommend-comment-add">
            Add a comment
          </Button>
        </div>
      </div>
    </Field>
  )
}

interface AudienceFieldsProps {
  user: User
  admin: boolean
  values: Pick<RecommendValues, 'audience' | 'teamIds' | 'memberIds'>
  set: <K extends keyof RecommendValues>(key: K, value: RecommendValues[K]) => void
  errors: { teamIds?: string; memberIds?: string }
}

/** Who the recommendation is for: everyone (admins), teams or members; a team leader's choices are their teams and their members. */
export function AudienceFields({ user, admin, values, set, errors }: AudienceFieldsProps) {
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

  return (
    <>
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
        <Field label="Teams" required validationMessage={errors.teamIds} validationState={errors.teamIds ? 'error' : 'none'}>
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
        <Field label="Members" required validationMessage={errors.memberIds} validationState={errors.memberIds ? 'error' : 'none'}>
          <MemberPicker members={memberChoices} selected={values.memberIds} onChange={(ids) => set('memberIds', ids)} label="Members" data-testid="recommend-members" />
        </Field>
      ) : null}
    </>
  )
}
