import type { ReactNode } from 'react'
import { Card, CardHeader, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { CheckmarkCircle20Filled, Circle20Regular } from '@fluentui/react-icons'
import type { AnalyticsPostRow, Dashboard } from '@shared/domain'
import { paths } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'
import { formatDate } from '@renderer/lib/formatDate'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import { formatCount, formatRate, postsAgainstTarget } from './format'
import { editPostPath, myDraftsPath, postResultsPath, reviewsWaitingPath, setupItems, writeForSlotPath } from './links'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useCardStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  excerpt: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block', maxWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  figure: { fontVariantNumeric: 'tabular-nums' },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginTop: 'auto' },
  done: { color: tokens.colorPaletteGreenForeground1, display: 'flex' },
  todo: { color: tokens.colorNeutralForeground3, display: 'flex' },
  doneLabel: { color: tokens.colorNeutralForeground3 }
})

/** A dashboard card: a title, what it shows, and the links to act on it at its foot. */
function DashboardCard({ title, description, footer, children, 'data-testid': testId }: { title: string; description?: string; footer?: ReactNode; children: ReactNode; 'data-testid': string }) {
  const styles = useCardStyles()
  return (
    <Card className={styles.card} data-testid={testId}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={500}>
            {title}
          </Text>
        }
        description={description ? <Text className={styles.muted}>{description}</Text> : undefined}
      />
      <div className={styles.rows}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </Card>
  )
}

type Me = Dashboard['me']

export function MyMonthCard({ me, monthTitle }: { me: Me; monthTitle: string }) {
  const styles = useCardStyles()
  const share = me.target > 0 ? Math.min(1, me.published / me.target) : null
  return (
    <DashboardCard title="My month" description={monthTitle} data-testid="dashboard-my-month" footer={<RouterLink to={paths.team}>See Team effort</RouterLink>}>
      <Text size={600} weight="semibold" className={styles.figure} data-testid="my-month-published">
        {postsAgainstTarget(me.published, me.target)}
      </Text>
      {share !== null ? (
        <ProgressBar value={share} thickness="large" color={share >= 1 ? 'success' : 'brand'} aria-label={`${me.published} of ${me.target} posts published this month`} />
      ) : (
        <Text className={styles.muted}>You have no monthly target.</Text>
      )}
    </DashboardCard>
  )
}

export function NextSlotsCard({ me, timeZone }: { me: Me; timeZone: string }) {
  const styles = useCardStyles()
  return (
    <DashboardCard title="Next slots" data-testid="dashboard-next-slots" footer={<RouterLink to={paths.schedule}>Open the Plan</RouterLink>}>
      {me.nextSlots.length === 0 ? (
        <Text className={styles.muted}>No slots assigned to you.</Text>
      ) : (
        <ul className={styles.list}>
          {me.nextSlots.map((slot) => (
            <li key={slot.id} className={styles.item} data-testid="next-slot">
              <span className={styles.stack}>
                <Text>{formatDate(slot.time, 'dateTimeShort', { timeZone })}</Text>
                <Text size={200} className={mergeClasses(styles.muted, styles.excerpt)}>
                  {[POST_TYPE_LABELS[slot.postType], slot.comment].filter(Boolean).join(' · ')}
                </Text>
              </span>
              <RouterLink to={slot.postId ? editPostPath(slot.postId) : writeForSlotPath(slot.id)} data-testid="next-slot-write">
                {slot.postId ? 'Open post' : 'Write post'}
              </RouterLink>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}

export function DraftsCard({ me, timeZone }: { me: Me; timeZone: string }) {
  const styles = useCardStyles()
  return (
    <DashboardCard
      title="Drafts waiting"
      description={me.draftCount === 0 ? undefined : `${me.draftCount} ${me.draftCount === 1 ? 'draft' : 'drafts'}`}
      data-testid="dashboard-drafts"
      footer={
        me.draftCount > 0 ? (
          <RouterLink to={myDraftsPath} data-testid="drafts-see-all">
            See all
          </RouterLink>
        ) : (
          <RouterLink to={paths.writePost}>Write a post</RouterLink>
        )
      }
    >
      {me.drafts.length === 0 ? (
        <Text className={styles.muted}>No drafts.</Text>
      ) : (
        <ul className={styles.list}>
          {me.drafts.map((draft) => (
            <li key={draft.postId} className={styles.stack} data-testid="draft">
              <RouterLink to={editPostPath(draft.postId)} dir="auto" className={styles.excerpt}>
                {draft.excerpt.trim() || 'Untitled draft'}
              </RouterLink>
              <Text size={200} className={styles.muted}>
                Edited {formatDate(draft.updatedAt, 'dateTimeShort', { timeZone })}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}

export function ReviewsCard({ waiting }: { waiting: number }) {
  const styles = useCardStyles()
  return (
    <DashboardCard title="Review requests" data-testid="dashboard-reviews" footer={<RouterLink to={reviewsWaitingPath}>Open Collaborate</RouterLink>}>
      <Text size={600} weight="semibold" className={styles.figure} data-testid="reviews-waiting">
        {waiting}
      </Text>
      <Text className={styles.muted}>{waiting === 1 ? 'post is waiting for your review' : 'posts are waiting for your review'}</Text>
    </DashboardCard>
  )
}

/** Published posts with their results: each opens its metrics in Analytics. */
function PostResults({ posts, showAuthor, timeZone, testId }: { posts: readonly AnalyticsPostRow[]; showAuthor: boolean; timeZone: string; testId: string }) {
  const styles = useCardStyles()
  return (
    <ul className={styles.list}>
      {posts.map((post) => (
        <li key={post.postId} className={styles.item} data-testid={testId}>
          {showAuthor ? <PersonAvatar name={post.author.fullName} image={post.author.image ? { src: post.author.image } : undefined} size={24} color="colorful" /> : null}
          <span className={styles.stack}>
            <RouterLink to={postResultsPath(post.postId)} dir="auto" className={styles.excerpt}>
              {post.excerpt.trim() || 'Post without text'}
            </RouterLink>
            <Text size={200} className={mergeClasses(styles.muted, styles.figure)}>
              {[
                showAuthor ? post.author.fullName : null,
                formatDate(post.publishedAt, 'dayMonth', { timeZone }),
                post.metricsStatus === 'ok' ? `${formatCount(post.impressions)} impressions` : post.metricsStatus === 'pending' ? 'Results pending' : 'Not available from LinkedIn',
                post.metricsStatus === 'ok' ? `${formatCount(post.reactions)} reactions` : null,
                post.metricsStatus === 'ok' ? `${formatRate(post.engagementRate)} engagement` : null
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </span>
        </li>
      ))}
    </ul>
  )
}

export function LastPostsCard({ me, timeZone }: { me: Me; timeZone: string }) {
  const styles = useCardStyles()
  return (
    <DashboardCard title="My last posts" data-testid="dashboard-last-posts" footer={<RouterLink to={paths.analytics}>See Analytics</RouterLink>}>
      {me.lastPosts.length === 0 ? <Text className={styles.muted}>Nothing published yet.</Text> : <PostResults posts={me.lastPosts} showAuthor={false} timeZone={timeZone} testId="last-post" />}
    </DashboardCard>
  )
}

export function TeamRankCard({ team }: { team: NonNullable<Me['team']> }) {
  const styles = useCardStyles()
  return (
    <DashboardCard title="My team" description={team.name} data-testid="dashboard-team-rank" footer={<RouterLink to={paths.team}>See the leaderboard</RouterLink>}>
      <Text size={600} weight="semibold" className={styles.figure} data-testid="team-rank">
        {team.rank === null ? 'Not ranked' : `#${team.rank} of ${team.teams}`}
      </Text>
      <Text className={styles.muted}>
        {team.shareOfTarget === null ? 'No monthly targets in this team.' : `${Math.round(team.shareOfTarget * 100)}% of the team’s monthly target reached`}
      </Text>
    </DashboardCard>
  )
}

export function OrganizationMonthCard({ organization, monthTitle, timeZone }: { organization: NonNullable<Dashboard['organization']>; monthTitle: string; timeZone: string }) {
  const styles = useCardStyles()
  const share = organization.target > 0 ? Math.min(1, organization.published / organization.target) : null
  return (
    <DashboardCard
      title="The organization’s month"
      description={monthTitle}
      data-testid="dashboard-organization-month"
      footer={
        <>
          <RouterLink to={paths.analytics}>See Analytics</RouterLink>
          <RouterLink to={paths.team}>See Team effort</RouterLink>
        </>
      }
    >
      <Text size={600} weight="semibold" className={styles.figure} data-testid="organization-published">
        {postsAgainstTarget(organization.published, organization.target)}
      </Text>
      {share !== null ? <ProgressBar value={share} thickness="large" aria-label={`${organization.published} of ${organization.target} posts published this month`} /> : null}
      {organization.topPosts.length > 0 ? (
        <>
          <Text weight="semibold">Top posts</Text>
          <PostResults posts={organization.topPosts} showAuthor timeZone={timeZone} testId="top-post" />
        </>
      ) : null}
      {organization.membersBehind.length > 0 ? (
        <>
          <Text weight="semibold">Behind their target</Text>
          <ul className={styles.list}>
            {organization.membersBehind.map((row) => (
              <li key={row.member.id} className={styles.item} data-testid="member-behind">
                <PersonAvatar name={row.member.fullName} image={row.member.image ? { src: row.member.image } : undefined} size={24} color="colorful" />
                <RouterLink to={paths.team} className={styles.excerpt}>
                  {row.member.fullName}
                </RouterLink>
                <Text size={200} className={mergeClasses(styles.muted, styles.figure)}>
                  {row.published} / {row.target}
                </Text>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </DashboardCard>
  )
}

export function SetupChecklistCard({ setup }: { setup: NonNullable<Dashboard['setup']> }) {
  const styles = useCardStyles()
  const items = setupItems(setup)
  const done = items.filter((item) => item.done).length
  return (
    <DashboardCard title="Set up Pagecrew" description={`${done} of ${items.length} done`} data-testid="dashboard-setup">
      <ProgressBar value={done / items.length} aria-label={`Setup: ${done} of ${items.length} steps done`} />
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item} data-testid={`setup-${item.key}`} data-done={item.done}>
            <span className={item.done ? styles.done : styles.todo}>{item.done ? <CheckmarkCircle20Filled role="img" aria-label="Done" /> : <Circle20Regular role="img" aria-label="To do" />}</span>
            <RouterLink to={item.to} className={item.done ? styles.doneLabel : undefined}>
              {item.label}
            </RouterLink>
          </li>
        ))}
      </ul>
    </DashboardCard>
  )
}
