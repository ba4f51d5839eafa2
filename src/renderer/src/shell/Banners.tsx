import { Link, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import type { Organization, User } from '@shared/domain'
import { bannersAllowedOn, computeBanners, type Banner } from '@shared/rules'
import { isRegisteredPath } from '@shared/routes'
import { useConnectLinkedIn } from '@renderer/api/linkedin'
import { RouterLink } from '@renderer/components/RouterLink'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` },
  inlineSpinner: { display: 'inline-flex', verticalAlign: 'middle', marginLeft: tokens.spacingHorizontalXS }
})

const intentOf = (banner: Banner) => (banner.kind === 'linkedin-expired' ? 'error' : 'warning')

/** The LinkedIn banners' 'Reconnect': the connect flow itself (api/linkedin.ts), not a detour through settings. */
function ReconnectAction({ label }: { label: string }) {
  const styles = useStyles()
  const { connect, cancel, state } = useConnectLinkedIn()
  if (state === 'waiting') {
    return (
      <>
        Finish connecting in your browser…{' '}
        <Link as="button" inline onClick={cancel}>
          Cancel
        </Link>
      </>
    )
  }
  return (
    <>
      <Link as="button" inline disabled={state === 'starting'} onClick={() => void connect()}>
        {label}
      </Link>
      {state === 'starting' ? <Spinner size="extra-tiny" className={styles.inlineSpinner} aria-label="Starting to connect LinkedIn" /> : null}
    </>
  )
}

/**
 * The banners under the top bar (spec §2). A banner's link shows only when its screen exists;
 * the LinkedIn expiry banners' 'Reconnect' starts connecting at once.
 */
export function Banners({ pathname, user, organization, now }: { pathname: string; user: User; organization: Organization | undefined; now: Date }) {
  const styles = useStyles()
  if (!bannersAllowedOn(pathname)) return null
  const banners = computeBanners(
    { plan: organization?.currentPlan ?? null, isLinkedInConnected: user.isLinkedInConnected, linkedInExpireAt: user.linkedInExpireAt },
    now
  )
  if (banners.length === 0) return null
  return (
    <div className={styles.root} data-testid="banners">
      {banners.map((banner) => (
        <MessageBar key={banner.kind} intent={intentOf(banner)} data-testid={`banner-${banner.kind}`}>
          <MessageBarBody>
            {banner.message}{' '}
            {banner.kind === 'linkedin-expiring' || banner.kind === 'linkedin-expired' ? (
              <ReconnectAction label={banner.linkLabel} />
            ) : isRegisteredPath(banner.linkTo) ? (
              <RouterLink to={banner.linkTo} inline>
                {banner.linkLabel}
              </RouterLink>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ))}
    </div>
  )
}
