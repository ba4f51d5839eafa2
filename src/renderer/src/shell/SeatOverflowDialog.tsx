import { Suspense, lazy, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import type { User } from '@shared/domain'
import { isAdmin, isOverSeatLimit } from '@shared/rules'
import { paths } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'

// The seat form loads when an admin asks for it, not with the shell.
const ManageSeatsPanel = lazy(async () => ({ default: (await import('@renderer/dialogs/seats/ManageSeatsDialog')).ManageSeatsPanel }))

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  wide: { maxWidth: '560px', width: '100%' }
})

const SEAT_OVERFLOW_TITLE = 'Your organization has more users than seats'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Routes where the seat dialog stays away: there a plan is chosen (with enough seats) first. */
const WITHOUT_SEAT_DIALOG: readonly string[] = [paths.subscriptionExpired]

/**
 * The blocking seat dialog (spec §2, §4, §6): whenever the organization has more users than seats
 * it covers the app, with no close button; Escape and outside clicks do nothing. Admins (ADMIN and
 * GHOST) get 'Manage seats'; others are told to ask an admin. It closes by itself once the count
 * fits, when the organization is fetched again.
 */
export function SeatOverflowDialog({ user, pathname }: { user: User; pathname: string }) {
  const styles = useStyles()
  const refresh = useOrganization()
  const organization = refresh.data
  const [managing, setManaging] = useState(false)
  const over = organization !== undefined && isOverSeatLimit(organization.users, organization.currentPlan.availableSeats)
  const shown = over && !WITHOUT_SEAT_DIALOG.includes(pathname)
  const admin = isAdmin(user)

  if (!shown && !managing) return null
  // One modal surface throughout: Manage seats replaces the message inside it (two modal surfaces
  // swapping would let the first one's focus trap hide the second from assistive technology).
  return (
    // eslint-disable-next-line no-restricted-syntax -- a blocking notice that asks nothing, not a confirmation
    <Dialog modalType="alert" open>
      <DialogSurface className={managing ? styles.wide : undefined} data-testid="seat-overflow-dialog" aria-describedby={managing ? undefined : 'seat-overflow-message'}>
        {admin && managing ? (
          <Suspense fallback={<Spinner label="Loading…" />}>
            <ManageSeatsPanel onClose={() => setManaging(false)} />
          </Suspense>
        ) : (
          <DialogBody>
            <DialogTitle>{SEAT_OVERFLOW_TITLE}</DialogTitle>
            <DialogContent className={styles.content}>
              {organization ? (
                <Text id="seat-overflow-message" data-testid="seat-overflow-message">
                  {organization.name} has {plural(organization.users, 'user', 'users')} but only{' '}
                  {plural(organization.currentPlan.availableSeats, 'seat', 'seats')}.{' '}
                  {admin
                    ? 'Add seats or remove members to continue.'
                    : 'Ask an admin of your organization to add seats or remove members to continue.'}
                </Text>
              ) : null}
            </DialogContent>
            <DialogActions>
              {admin ? (
                <Button appearance="primary" onClick={() => setManaging(true)} data-testid="seat-overflow-manage">
                  Manage seats
                </Button>
              ) : (
                <Button
                  appearance="primary"
                  onClick={() => void refresh.refetch()}
                  disabled={refresh.isFetching}
                  icon={refresh.isFetching ? <Spinner size="tiny" /> : undefined}
                  data-testid="seat-overflow-recheck"
                >
                  Check again
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  )
}
