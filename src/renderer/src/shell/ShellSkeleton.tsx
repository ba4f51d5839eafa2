import { Skeleton, SkeletonItem, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { NAV_WIDTH_COLLAPSED_PX, NAV_WIDTH_EXPANDED_PX } from '@shared/constants'
import { PageSkeleton } from '@renderer/components/Skeletons'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { readNavExpanded } from './navState'

// The shell's own measures (Shell.tsx, LeftNav.tsx), so nothing moves when the real one replaces this.
const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', backgroundColor: tokens.colorNeutralBackground2 },
  nav: {
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    gap: tokens.spacingVerticalM,
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  expanded: { width: `${NAV_WIDTH_EXPANDED_PX}px` },
  collapsed: { width: `${NAV_WIDTH_COLLAPSED_PX}px` },
  navHeader: { minHeight: '40px', marginBottom: tokens.spacingVerticalM, display: 'flex', alignItems: 'center' },
  navItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minHeight: '32px' },
  navLabel: { width: '120px' },
  brand: { width: '110px' },
  spacer: { flexGrow: 1 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '56px',
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  title: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  titleBar: { flexGrow: 1, display: 'flex' },
  titleItem: { width: '140px' },
  account: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  badge: { width: '48px' },
  main: { flexGrow: 1, overflow: 'hidden', padding: tokens.spacingHorizontalXL, boxSizing: 'border-box' },
  mainSmall: { padding: tokens.spacingHorizontalM },
  bottomBar: {
    display: 'flex',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  }
})

const NAV_ITEMS = 3
const BOTTOM_ITEMS = 3

function AccountSkeleton() {
  const styles = useStyles()
  return (
    <span className={styles.account}>
      <SkeletonItem shape="circle" size={28} />
      <SkeletonItem size={24} className={styles.badge} />
      <SkeletonItem shape="circle" size={32} />
    </span>
  )
}

/**
 * The app's frame while the session, the user and the screen load: navigation, top bar (with the
 * screen's title when known) and a content skeleton, laid out as the shell will be, so the first
 * thing a signed-in user sees is the app taking shape rather than a blank page and 'Loading…'.
 */
export function ShellSkeleton({ label = 'Loading Pagecrew…', title }: { label?: string; title?: string }) {
  const styles = useStyles()
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const expanded = readNavExpanded()
  const navItem = (key: number) => (
    <div key={key} className={styles.navItem}>
      <SkeletonItem shape="square" size={24} />
      {expanded ? <SkeletonItem size={16} className={styles.navLabel} /> : null}
    </div>
  )
  return (
    <div className={styles.root} data-testid="shell-skeleton">
      {small ? null : (
        <Skeleton aria-hidden className={mergeClasses(styles.nav, expanded ? styles.expanded : styles.collapsed)} data-testid="shell-skeleton-nav">
          <div className={styles.navHeader}>{expanded ? <SkeletonItem size={20} className={styles.brand} /> : <SkeletonItem shape="square" size={24} />}</div>
          {Array.from({ length: NAV_ITEMS }, (_, i) => navItem(i))}
          <div className={styles.spacer} />
          {Array.from({ length: BOTTOM_ITEMS }, (_, i) => navItem(NAV_ITEMS + i))}
        </Skeleton>
      )}
      <div className={styles.column}>
        <header className={styles.topBar}>
          {small ? (
            <Skeleton aria-hidden>
              <SkeletonItem shape="square" size={32} />
            </Skeleton>
          ) : null}
          {title ? (
            <h1 className={styles.title}>{title}</h1>
          ) : (
            <Skeleton aria-hidden className={styles.titleBar}>
              <SkeletonItem size={24} className={styles.titleItem} />
            </Skeleton>
          )}
          {small ? null : (
            <Skeleton aria-hidden>
              <AccountSkeleton />
            </Skeleton>
          )}
        </header>
        <main className={mergeClasses(styles.main, small && styles.mainSmall)}>
          <PageSkeleton label={label} data-testid="shell-skeleton-content" />
        </main>
        {small ? (
          <Skeleton aria-hidden className={styles.bottomBar} data-testid="shell-skeleton-bottom-bar">
            <AccountSkeleton />
          </Skeleton>
        ) : null}
      </div>
    </div>
  )
}
