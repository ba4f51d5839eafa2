import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { LockClosed24Regular } from '@fluentui/react-icons'
import { isAdmin } from '@shared/rules'
import { paths } from '@shared/routes'
import { useUser } from '@renderer/api/user'
import { RouterLink } from '@renderer/components/RouterLink'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/**
 * In place of a screen the organization's plan does not include (a bookmark or a link to it; the
 * navigation leaves it out): what is missing and who can change that, under the screen's own title —
 * not the "subscription expired" page a refused request would lead to while the subscription is valid.
 */
export function NotInPlan({ title }: { title: string }) {
  const styles = useStyles()
  const user = useUser()
  const admin = user.data ? isAdmin(user.data) : false
  return (
    <Card className={styles.card} data-testid="not-in-plan">
      <h2 className={styles.heading}>
        <LockClosed24Regular aria-hidden /> {`Your plan does not include ${title}`}
      </h2>
      {admin ? (
        <Text>
          Choose a plan that includes it in <RouterLink to={paths.billingSettings}>Billing</RouterLink>.
        </Text>
      ) : (
        <Text>Ask an admin of your organization to choose a plan that includes it.</Text>
      )}
    </Card>
  )
}
