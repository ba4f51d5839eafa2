import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import type { Organization, User } from '@shared/domain'
import { bannersAllowedOn, computeBanners, type Banner } from '@shared/rules'
import { routeExists } from '@renderer/app/routeTable'
import { RouterLink } from '@renderer/components/RouterLink'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` }
})

const intentOf = (banner: Banner) => (banner.kind === 'linkedin-expired' ? 'error' : 'warning')

/**
 * The banners under the top bar (spec §2). A banner's link shows only when its screen exists (the
 * LinkedIn 'Reconnect' target arrives with the LinkedIn connection).
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
            {routeExists(banner.linkTo) ? (
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
