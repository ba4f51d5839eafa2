import { useEffect, useRef, useState } from 'react'
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom'
import { Button, Skeleton, SkeletonItem, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { isSubscriptionExpired } from '@shared/rules'
import { paths, routeTitle } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { LoadingState } from '@renderer/components/LoadingState'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useNow } from '@renderer/hooks/useNow'
import { AccountDialogs } from './AccountDialogs'
import { AccountControls } from './AccountControls'
import { Banners } from './Banners'
import { LeftNav } from './LeftNav'
import { MobileNavMenu } from './MobileNavMenu'
import { useScreenInPlan } from './navigation'
import { NotInPlan } from './NotInPlan'
import { readNavExpanded, writeNavExpanded } from './navState'
import { SeatOverflowDialog } from './SeatOverflowDialog'
import { useTimezoneSync } from './useTimezoneSync'

const useStyles = makeStyles({
  root: { position: 'relative', display: 'flex', height: '100%', backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '56px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  title: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  main: { flexGrow: 1, overflowY: 'auto', padding: tokens.spacingHorizontalXL, boxSizing: 'border-box' },
  mainSmall: { padding: tokens.spacingHorizontalM },
  bottomBar: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  placeholder: { width: '160px' },
  // Visible only while focused: the first Tab stop jumps past the navigation.
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalS,
    top: tokens.spacingVerticalS,
    zIndex: 1000,
    transform: 'translateY(-200%)',
    ':focus': { transform: 'none' }
  },
  // Focused when a new screen opens or through Skip to content: a ring only for the keyboard (a click
  // on a navigation link leaves none), inside the edge so nothing around it moves.
  mainFocus: {
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: `calc(-1 * ${tokens.strokeWidthThick})` }
  }
})

function AccountPlaceholder() {
  const styles = useStyles()
  return (
    <Skeleton className={styles.placeholder} aria-label="Loading your account">
      <SkeletonItem size={32} />
    </Skeleton>
  )
}

/**
 * The app frame of spec §2: left navigation, top bar with title, bell, SSI badge and avatar menu,
 * banners, and on small screens a menu plus a bottom bar. It also sends expired subscriptions to
 * /subscription-expired and fills in a missing timezone.
 */
export function Shell() {
  const styles = useStyles()
  const { pathname } = useLocation()
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const now = useNow()
  const user = useUser()
  const organization = useOrganization()
  const [navExpanded, setNavExpanded] = useState(readNavExpanded)
  // The matched screen's route id is its registry path (app/router.tsx).
  const routeId = useMatches().at(-1)?.id ?? ''
  const title = routeTitle(routeId)
  const inPlan = useScreenInPlan(routeId)
  const mainRef = useRef<HTMLElement>(null)

  useTimezoneSync(user.data)

  useEffect(() => {
    document.title = title ? `${title} · Pagecrew` : 'Pagecrew'
  }, [title])

  // A new screen takes the focus (WCAG 2.4.3): a keyboard or screen-reader user who followed a link
  // in the navigation starts on the screen, named by its title, not back at the link. Not on the
  // first screen (the browser's own start), and not when the screen already put focus in itself.
  const shownRoute = useRef(routeId)
  useEffect(() => {
    if (shownRoute.current === routeId) return
    shownRoute.current = routeId
    const main = mainRef.current
    const active = document.activeElement
    // A dialog the new screen opened at once keeps it too.
    if (active?.closest('[role="dialog"], [role="alertdialog"]')) return
    if (main && !main.contains(active)) main.focus({ preventScroll: true })
  }, [routeId])

  const toggleNav = () => {
    const next = !navExpanded
    setNavExpanded(next)
    writeNavExpanded(next)
  }

  const plan = organization.data?.currentPlan
  if (plan && pathname !== paths.subscriptionExpired && isSubscriptionExpired(plan, now)) {
    return <Navigate to={paths.subscriptionExpired} replace />
  }

  const account = user.data ? <AccountControls user={user.data} /> : <AccountPlaceholder />

  return (
    <AccountDialogs user={user.data}>
      <div className={styles.root}>
        <Button className={styles.skipLink} appearance="primary" onClick={() => mainRef.current?.focus()}>
          Skip to main content
        </Button>
        {small ? null : <LeftNav expanded={navExpanded} onToggle={toggleNav} />}
        <div className={styles.column}>
          <header className={styles.topBar}>
            {small ? <MobileNavMenu /> : null}
            <h1 className={styles.title} data-testid="page-title">
              {title}
            </h1>
            {small ? null : account}
          </header>
          {user.data ? <Banners pathname={pathname} user={user.data} organization={organization.data} now={now} /> : null}
          <main ref={mainRef} tabIndex={-1} aria-label={title || undefined} className={mergeClasses(styles.main, styles.mainFocus, small && styles.mainSmall)}>
            {inPlan === 'included' ? <Outlet /> : inPlan === 'checking' ? <LoadingState label={`Loading ${title}`} /> : <NotInPlan title={title} />}
          </main>
          {small ? (
            <footer className={styles.bottomBar} data-testid="bottom-bar">
              {account}
            </footer>
          ) : null}
        </div>
        {user.data ? <SeatOverflowDialog user={user.data} pathname={pathname} /> : null}
      </div>
    </AccountDialogs>
  )
}
