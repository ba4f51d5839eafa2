import { makeStyles, tokens } from '@fluentui/react-components'
import type { User } from '@shared/domain'
import { currentOrganization } from '@shared/rules'
import { AvatarMenu } from './AvatarMenu'
import { NotificationBell } from './NotificationBell'
import { SsiBadge } from './SsiBadge'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS }
})

/** Bell, Social Selling Index badge and avatar menu: in the top bar, or the bottom bar on small screens. */
export function AccountControls({ user }: { user: User }) {
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <NotificationBell unreadCount={currentOrganization(user)?.unreadNotificationCount ?? 0} />
      <SsiBadge score={user.socialSellingIndex} />
      <AvatarMenu user={user} />
    </div>
  )
}
