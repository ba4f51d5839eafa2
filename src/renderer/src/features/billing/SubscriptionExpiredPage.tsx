import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CalendarCancel24Regular } from '@fluentui/react-icons'
import { isAdmin } from '@shared/rules'
import { useUser } from '@renderer/api/user'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/** Where an expired subscription (or any 402) leads (spec §4); the plan dialog arrives with billing. */
export default function SubscriptionExpiredPage() {
  const styles = useStyles()
  const user = useUser()
  const admin = user.data ? isAdmin(user.data) : false
  return (
    <Card className={styles.card} data-testid="subscription-expired">
      <h2 className={styles.heading}>
        <CalendarCancel24Regular aria-hidden /> Your subscription has expired
      </h2>
      <Text>Please choose a plan to continue using Pagecrew.</Text>
      <Text>
        {admin
          ? 'Choose a plan for your organization to bring everyone back in.'
          : 'Ask an admin of your organization to choose a plan.'}{' '}
        You can still switch to another organization or create a new one from your avatar menu.
      </Text>
    </Card>
  )
}
