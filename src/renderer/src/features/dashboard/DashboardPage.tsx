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
import type { Organization, User } from '@shared/domain'
import { isTrial, trialDaysLeft } from '@shared/rules'
import { isRegisteredPath, paths } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'
import { useNow } from '@renderer/hooks/useNow'
import { formatDay, planStatusLabel } from '@renderer/lib/formatDate'
import { profileCompleteness, type ProfileItem } from './profileCompleteness'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: tokens.spacingHorizontalL, maxWidth: '1100px' },
  card: { padding: tokens.spacingHorizontalL },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  checklist: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  done: { color: tokens.colorPaletteGreenForeground1, display: 'flex' },
  todo: { color: tokens.colorNeutralForeground3, display: 'flex' }
})

/** Where each profile item is done; shown as a link once that screen exists. */
const ITEM_SCREENS: Partial<Record<ProfileItem['key'], string>> = {
  fullName: paths.settings,
  timezone: paths.settings
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
          const screen = ITEM_SCREENS[item.key]
          return (
            <li key={item.key} className={styles.row} data-testid={`profile-item-${item.key}`} data-done={item.done}>
              <span className={item.done ? styles.done : styles.todo}>
                {item.done ? <CheckmarkCircle20Filled aria-label="Done" /> : <Circle20Regular aria-label="To do" />}
              </span>
              {!item.done && screen && isRegisteredPath(screen) ? <RouterLink to={screen}>{item.label}</RouterLink> : <Text>{item.label}</Text>}
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

export default function DashboardPage() {
  const styles = useStyles()
  const now = useNow()
  const user = useUser()
  const organization = useOrganization()

  if (user.isPending || organization.isPending) return <LoadingState inline shape="cards" label="Loading your dashboard…" />
  if (user.isError || organization.isError) {
    return <ErrorState onRetry={() => void Promise.all([user.refetch(), organization.refetch()])} />
  }
  return (
    <div className={styles.grid}>
      <OrganizationCard organization={organization.data} user={user.data} now={now} />
      <ProfileCard user={user.data} />
    </div>
  )
}
