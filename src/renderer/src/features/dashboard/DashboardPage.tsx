import {
  Badge,
  Card,
  CardHeader,
  ProgressBar,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { CheckmarkCircle20Filled, Circle20Regular } from '@fluentui/react-icons'
import type { Dashboard, Organization, User } from '@shared/domain'
import { isTrial, trialDaysLeft } from '@shared/rules'
import { paths } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'
import { useDashboard } from '@renderer/api/teamEffort'
import { useUser } from '@renderer/api/user'
import { ErrorState } from '@renderer/components/ErrorState'
import { CardsSkeleton } from '@renderer/components/Skeletons'
import { RouterLink } from '@renderer/components/RouterLink'
import { useNow } from '@renderer/hooks/useNow'
import { formatDate, formatDay, planStatusLabel } from '@renderer/lib/formatDate'
import { userTimeZone } from '@renderer/lib/timeZone'
import { DraftsCard, LastPostsCard, MyMonthCard, NextSlotsCard, OrganizationMonthCard, ReviewsCard, SetupChecklistCard, TeamRankCard } from './DashboardCards'
import { profileCompleteness, type ProfileItem } from './profileCompleteness'

const useStyles = makeStyles({
  // As wide as the window allows (a wide screen gets more columns), capped where lines get too long to read.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))', gap: tokens.spacingHorizontalL, maxWidth: '1800px' },
  card: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  wide: { gridColumn: '1 / -1' },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  checklist: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  done: { color: tokens.colorPaletteGreenForeground1, display: 'flex' },
  todo: { color: tokens.colorNeutralForeground3, display: 'flex' }
})

/** Where each profile item is done. */
const ITEM_SCREENS: Record<ProfileItem['key'], string> = {
  fullName: paths.settings,
  photo: paths.settings,
  timezone: paths.settings,
  linkedIn: paths.settings
}

function OrganizationCard({ organization, user, now }: { organization: Organization; user: User; now: Date }) {
  const styles = useStyles()
  const plan = organization.currentPlan
  const daysLeft = trialDaysLeft(plan, now)
  return (
    <Card className={styles.card} data-testid="dashboard-organization">
      <CardHeader header={<Text weight="semibold" size={500}>{organization.name}</Text>} description={<Text className={styles.muted}>Organization</Text>} />
      <div className={styles.rows}>
        <div className={styles.row}>
          <Text>Plan:</Text>
          <Text weight="semibold">{plan.productName ?? (isTrial(plan) ? 'Free trial' : 'No plan')}</Text>
          <Badge appearance="tint" color={isTrial(plan) ? 'brand' : plan.status === 'active' ? 'success' : 'warning'} data-testid="dashboard-plan-status">
            {planStatusLabel(plan.status)}
          </Badge>
        </div>
        {daysLeft !== null && plan.trialEndsAt ? (
          <Text data-testid="dashboard-trial-days">
            {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left in your trial (ends {formatDay(plan.trialEndsAt, user.timezone)})
          </Text>
        ) : null}
        <Text className={styles.muted}>
          {organization.users} {organization.users === 1 ? 'member' : 'members'} · {plan.availableSeats} {plan.availableSeats === 1 ? 'seat' : 'seats'}
        </Text>
      </div>
    </Card>
  )
}

function ProfileCard({ user }: { user: User }) {
  const styles = useStyles()
  const { items, percent } = profileCompleteness(user)
  return (
    <Card className={styles.card} data-testid="dashboard-profile">
      <CardHeader header={<Text weight="semibold" size={500}>Your profile</Text>} description={<Text className={styles.muted}>{percent}% complete</Text>} />
      <ProgressBar value={percent / 100} thickness="large" aria-label={`Profile ${percent}% complete`} data-testid="dashboard-profile-progress" />
      <ul className={styles.checklist}>
        {items.map((item) => {
          return (
            <li key={item.key} className={styles.row} data-testid={`profile-item-${item.key}`} data-done={item.done}>
              <span className={item.done ? styles.done : styles.todo}>
                {item.done ? <CheckmarkCircle20Filled role="img" aria-label="Done" /> : <Circle20Regular role="img" aria-label="To do" />}
              </span>
              <RouterLink to={ITEM_SCREENS[item.key]}>{item.label}</RouterLink>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

/** The cards fed by GET /dashboard, in the order a user acts on them. */
function ResultCards({ dashboard, timeZone }: { dashboard: Dashboard; timeZone: string }) {
  const { me, setup, organization } = dashboard
  // A month is a calendar month: its first day names it in any time zone.
  const monthTitle = formatDate(`${dashboard.month}-01`, 'monthYear')
  return (
    <>
      {setup ? <SetupChecklistCard setup={setup} /> : null}
      <MyMonthCard me={me} monthTitle={monthTitle} />
      <NextSlotsCard me={me} timeZone={timeZone} />
      <DraftsCard me={me} timeZone={timeZone} />
      {me.reviewsWaiting !== null ? <ReviewsCard waiting={me.reviewsWaiting} /> : null}
      <LastPostsCard me={me} timeZone={timeZone} />
      {me.team ? <TeamRankCard team={me.team} /> : null}
      {organization ? <OrganizationMonthCard organization={organization} monthTitle={monthTitle} timeZone={timeZone} /> : null}
    </>
  )
}

/**
 * The dashboard: one GET /dashboard feeds every card, and every card links to where the user acts
 * on it. Everyone sees their month (target, next slots, drafts, reviews waiting, last posts'
 * results, their team's rank); admins also the organization's month; a new organization's admins
 * its setup checklist first.
 */
export default function DashboardPage() {
  const styles = useStyles()
  const now = useNow()
  const user = useUser()
  const organization = useOrganization()
  const timeZone = user.data ? userTimeZone(user.data) : null
  const dashboard = useDashboard(timeZone)

  if (user.isError || organization.isError) {
    return <ErrorState onRetry={() => void Promise.all([user.refetch(), organization.refetch()])} />
  }
  if (!user.data || !organization.data || !timeZone) return <CardsSkeleton label="Loading your dashboard…" cards={6} />

  // The organization and profile cards need only the user and the organization: they stay while the results load or fail.
  const results = dashboard.data
  return (
    <div className={styles.grid} data-testid="dashboard">
      {dashboard.isError ? (
        <div className={styles.wide}>
          <ErrorState onRetry={() => void dashboard.refetch()} />
        </div>
      ) : null}
      {!results && !dashboard.isError ? (
        <div className={styles.wide}>
          <CardsSkeleton label="Loading your month…" cards={4} />
        </div>
      ) : null}
      {results ? <ResultCards dashboard={results} timeZone={timeZone} /> : null}
      <OrganizationCard organization={organization.data} user={user.data} now={now} />
      <ProfileCard user={user.data} />
    </div>
  )
}
