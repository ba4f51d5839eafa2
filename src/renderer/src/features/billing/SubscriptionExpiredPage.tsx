import { useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CalendarCancel24Regular } from '@fluentui/react-icons'
import { isAdmin, isSubscriptionExpired } from '@shared/rules'
import { paths } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { useNow } from '@renderer/hooks/useNow'
import { paymentRequiredState } from '@renderer/lib/paymentRequired'
import { PlanDialog, type PlanChoice } from './PlanDialog'
import { PlansSection } from './PlansSection'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex' }
})

/**
 * Where an expired subscription (or any 402) leads (spec §4). A 402 can also come from a plan limit
 * while the subscription is valid: then the page says so instead of claiming the subscription
 * expired. The plans show for everyone; for admins the 'Manage your plan' dialog opens at once, and
 * once a plan is active the user goes back where the 402 came from, or to the dashboard.
 */
export default function SubscriptionExpiredPage() {
  const styles = useStyles()
  const user = useUser()
  const organization = useOrganization()
  const navigate = useNavigate()
  const location = useLocation()
  const now = useNow()
  const cameFrom402 = paymentRequiredState(location.state)
  const admin = user.data ? isAdmin(user.data) : false
  // null until the admin closes or reopens it: the dialog opens by itself for admins.
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null)
  const [choice, setChoice] = useState<PlanChoice | null>(null)

  const plan = organization.data?.currentPlan
  const limitOnly = plan !== undefined && !isSubscriptionExpired(plan, now)
  // A valid plan and no 402 behind the visit (a bookmark, a reload after paying): nothing to do here.
  if (limitOnly && !cameFrom402 && dialogOpen === null && choice === null) return <Navigate to={paths.dashboard} replace />

  const done = () => void navigate(cameFrom402?.from ?? paths.dashboard, { replace: true })
  const close = () => {
    setDialogOpen(false)
    setChoice(null)
  }

  return (
    <div className={styles.root}>
      <Card className={styles.card} data-testid="subscription-expired" data-reason={limitOnly ? 'limit' : 'expired'}>
        <h2 className={styles.heading}>
          <CalendarCancel24Regular aria-hidden /> {limitOnly ? 'Your plan’s limit is reached' : 'Your subscription has expired'}
        </h2>
        <Text>{limitOnly ? 'Please choose a plan to continue using all features.' : 'Please choose a plan to continue using Pagecrew.'}</Text>
        <Text>
          {admin
            ? limitOnly
              ? 'Choose a plan with more room for your organization.'
              : 'Choose a plan for your organization to bring everyone back in.'
            : 'Ask an admin of your organization to choose a plan.'}{' '}
          You can still switch to another organization or create a new one from your avatar menu.
        </Text>
        {admin ? (
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => setDialogOpen(true)} data-testid="subscription-expired-choose">
              Choose a plan
            </Button>
          </div>
        ) : null}
      </Card>
      <PlansSection showAskAdmin={false} onChoose={(planDto, variant) => setChoice({ plan: planDto, variant })} />
      <PlanDialog
        open={admin && (choice !== null || (dialogOpen ?? true))}
        initialChoice={choice}
        onClose={close}
        onCompleted={done}
      />
    </div>
  )
}
