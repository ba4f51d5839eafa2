import { useId, type ReactElement, type ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import {
  ChatHelp24Regular,
  PanelLeftContract24Regular,
  PanelLeftExpand24Regular,
  QuestionCircle24Regular,
  type FluentIcon
} from '@fluentui/react-icons'
import { NAV_WIDTH_COLLAPSED_PX, NAV_WIDTH_EXPANDED_PX } from '@shared/constants'
import type { NavigationEntry } from '@shared/routes'
import { useNavigationEntries } from './navigation'
import { useSupportActions } from './useSupportActions'
import { AppTooltip } from '@renderer/components/AppTooltip'
import { FORCED_COLORS_SELECTED } from '@renderer/components/forcedColors'

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    height: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
    gap: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    // Motion only for those who have not asked their system for less (WCAG 2.3.3).
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0s' }
  },
  expanded: { width: `${NAV_WIDTH_EXPANDED_PX}px` },
  collapsed: { width: `${NAV_WIDTH_COLLAPSED_PX}px` },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: '40px', marginBottom: tokens.spacingVerticalM },
  brand: { paddingLeft: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  spacer: { flexGrow: 1 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    width: '100%',
    minHeight: '40px',
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` }
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2 },
    ...FORCED_COLORS_SELECTED
  },
  icon: { flexShrink: 0, display: 'flex' },
  unavailable: {
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'not-allowed',
    ':hover': { backgroundColor: 'transparent', color: tokens.colorNeutralForegroundDisabled }
  },
  hidden: { display: 'none' }
})

function WithTooltip({ show, label, children }: { show: boolean; label: string; children: ReactElement }) {
  if (!show) return <>{children}</>
  return (
    <AppTooltip content={label} relationship="label" positioning="after">
      {children}
    </AppTooltip>
  )
}

function NavRouteItem({ path, nav, icon: Icon, expanded }: { path: string; nav: NavigationEntry; icon: FluentIcon; expanded: boolean }) {
  const styles = useStyles()
  return (
    <li>
      <WithTooltip show={!expanded} label={nav.label}>
        <NavLink
          to={path}
          aria-label={nav.label}
          data-testid={`nav-${nav.label.toLowerCase().replace(/\s+/g, '-')}`}
          className={({ isActive }) => mergeClasses(styles.item, isActive && styles.active)}
        >
          <span className={styles.icon}>
            <Icon aria-hidden />
          </span>
          {expanded ? <span>{nav.label}</span> : null}
        </NavLink>
      </WithTooltip>
    </li>
  )
}

interface NavActionItemProps {
  label: string
  icon: ReactNode
  onClick: () => void
  expanded: boolean
  testId: string
  /** Why the action cannot run: it is shown disabled (still focusable), with the reason as its description and tooltip. */
  unavailable?: string | null
}

function NavActionItem({ label, icon, onClick, expanded, testId, unavailable = null }: NavActionItemProps) {
  const styles = useStyles()
  const reasonId = useId()
  if (unavailable) {
    return (
      <li>
        <AppTooltip content={`${label}: ${unavailable}`} relationship="description" positioning="after">
          <button type="button" className={mergeClasses(styles.item, styles.unavailable)} aria-disabled="true" aria-label={label} aria-describedby={reasonId} data-testid={testId}>
            <span className={styles.icon}>{icon}</span>
            {expanded ? <span>{label}</span> : null}
          </button>
        </AppTooltip>
        <span id={reasonId} className={styles.hidden} data-testid={`${testId}-unavailable`}>
          {unavailable}
        </span>
      </li>
    )
  }
  return (
    <li>
      <WithTooltip show={!expanded} label={label}>
        <button type="button" className={styles.item} onClick={onClick} aria-label={label} data-testid={testId}>
          <span className={styles.icon}>{icon}</span>
          {expanded ? <span>{label}</span> : null}
        </button>
      </WithTooltip>
    </li>
  )
}

/** Left navigation (spec §2): 60 px collapsed, 250 px expanded, active route highlighted. */
export function LeftNav({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  const styles = useStyles()
  const { openChat, openHelpCenter, chatUnavailable } = useSupportActions()
  const mainEntries = useNavigationEntries('main')
  const bottomEntries = useNavigationEntries('bottom')
  return (
    <nav aria-label="Main navigation" data-testid="left-nav" className={mergeClasses(styles.nav, expanded ? styles.expanded : styles.collapsed)}>
      <div className={styles.header}>
        {expanded ? (
          <Text weight="semibold" size={500} className={styles.brand}>
            Pagecrew
          </Text>
        ) : null}
        <Button
          appearance="subtle"
          aria-label={expanded ? 'Collapse navigation' : 'Expand navigation'}
          aria-expanded={expanded}
          data-testid="nav-toggle"
          icon={expanded ? <PanelLeftContract24Regular /> : <PanelLeftExpand24Regular />}
          onClick={onToggle}
        />
      </div>
      <ul className={styles.list}>
        {mainEntries.map((entry) => (
          <NavRouteItem key={entry.path} path={entry.path} nav={entry.nav} icon={entry.icon} expanded={expanded} />
        ))}
      </ul>
      <div className={styles.spacer} />
      <ul className={styles.list}>
        <NavActionItem label="Chat" icon={<ChatHelp24Regular aria-hidden />} onClick={openChat} expanded={expanded} testId="nav-chat" unavailable={chatUnavailable} />
        <NavActionItem label="Help center" icon={<QuestionCircle24Regular aria-hidden />} onClick={openHelpCenter} expanded={expanded} testId="nav-help-center" />
        {bottomEntries.map((entry) => (
          <NavRouteItem key={entry.path} path={entry.path} nav={entry.nav} icon={entry.icon} expanded={expanded} />
        ))}
      </ul>
    </nav>
  )
}
