import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import type { Organization, User } from '@shared/domain'
import { bannersFor, computeBanners, type Banner } from '@shared/rules'
import { isRegisteredPath } from '@shared/routes'
import { ConnectLinkedInAction } from '@renderer/components/ConnectLinkedInAction'
import { RouterLink } from '@renderer/components/RouterLink'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` }
})

const intentOf = (banner: Banner) => (banner.kind === 'linkedin-expired' ? 'error' : banner.kind === 'guideline' ? 'info' : 'warning')

/**
 * The banners under the top bar (spec §2). A banner's link shows only when its screen exists;
 * the LinkedIn expiry banners' 'Reconnect' starts connecting at once.
 */
export function Banners({ pathname, user, organization, now }: { pathname: string; user: User; organization: Organization | undefined; now: Date }) {
  const styles = useStyles()
  const banners = bannersFor(
    pathname,
    computeBanners(
      { plan: organization?.currentPlan ?? null, isLinkedInConnected: user.isLinkedInConnected, linkedInExpireAt: user.linkedInExpireAt, guidelineRead: user.guidelineRead },
      now
    )
  )
  if (banners.length === 0) return null
  return (
    <div className={styles.root} data-testid="banners">
      {banners.map((banner) => (
        <MessageBar key={banner.kind} intent={intentOf(banner)} data-testid={`banner-${banner.kind}`}>
          <MessageBarBody>
            {banner.message}{' '}
            {banner.kind === 'linkedin-expiring' || banner.kind === 'linkedin-expired' ? (
              <ConnectLinkedInAction label={banner.linkLabel} />
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
