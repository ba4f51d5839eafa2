import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CalendarCancel24Regular } from '@fluentui/react-icons'
import { isAdmin, isSubscriptionExpired } from '@shared/rules'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/**
 * Where an expired subscription (or any 402) leads (spec §4); the plan dialog arrives with billing.
 * A 402 can also come from a plan limit while the subscription is valid: then the page says so
 * instead of claiming the subscription expired.
 */
export default function SubscriptionExpiredPage() {
  const styles = useStyles()
  const user = useUser()
  const organization = useOrganization()
  const admin = user.data ? isAdmin(user.data) : false
  const plan = organization.data?.currentPlan
  const limitOnly = plan !== undefined && !isSubscriptionExpired(plan, new Date())
  return (
    <Card className={styles.card} data-testid="subscription-expired" data-reason={limitOnly ? 'limit' : 'expired'}>
      <h2 className={styles.heading}>
        <CalendarCancel24Regular aria-hidden /> {limitOnly ? 'Your plan’s limit is reached' : 'Your subscription has expired'}
      </h2>
      <Text>
        {limitOnly ? 'Please choose a plan to continue using all features.' : 'Please choose a plan to continue using Pagecrew.'}
      </Text>
      <Text>
        {admin
          ? limitOnly
            ? 'Choose a plan with more room for your organization.'
            : 'Choose a plan for your organization to bring everyone back in.'
          : 'Ask an admin of your organization to choose a plan.'}{' '}
        You can still switch to another organization or create a new one from your avatar menu.
      </Text>
    </Card>
  )
}
