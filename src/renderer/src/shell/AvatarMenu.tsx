import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  Caption1,
  CounterBadge,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import {
  AddCircle24Regular,
  ArrowSwap24Regular,
  Building24Regular,
  ChatHelp24Regular,
  DarkTheme24Regular,
  DocumentText24Regular,
  PeopleTeamAdd24Regular,
  Person24Regular,
  PersonAdd24Regular,
  QuestionCircle24Regular,
  Receipt24Regular,
  SignOut24Regular,
  Settings24Regular
} from '@fluentui/react-icons'
import { themeSchema, type User } from '@shared/domain'
import { currentOrganization, isAdmin } from '@shared/rules'
import { paths } from '@shared/routes'
import { useLogout, useSwitchOrganization } from '@renderer/api/auth'
import { useTheme } from '@renderer/app/theme'
import { useReload } from '@renderer/host/HostContext'
import { useNewTeam } from '@renderer/dialogs/teams/useNewTeam'
import { useOpenAccountDialog } from './AccountDialogs'
import { useSupportActions } from './useSupportActions'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  organization: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    maxWidth: '280px'
  },
  organizationId: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' }
})

const THEME_LABELS = { light: 'Light', dark: 'Dark', system: 'System' } as const

/** Theme: light, dark or as the system is. */
function ThemeSubmenu() {
  const { choice, setChoice } = useTheme()
  return (
    <Menu
      checkedValues={{ theme: [choice] }}
      onCheckedValueChange={(_, data) => {
        const next = themeSchema.safeParse(data.checkedItems[0])
        if (next.success) setChoice(next.data)
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuItem icon={<DarkTheme24Regular />} data-testid="menu-theme">
          Theme
        </MenuItem>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {themeSchema.options.map((theme) => (
            <MenuItemRadio key={theme} name="theme" value={theme} data-testid={`theme-${theme}`}>
              {THEME_LABELS[theme]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

/** Switch organization: the user's organizations, each with its unread count. */
function SwitchOrganizationSubmenu({
  organizations,
  current,
  onSwitch
}: {
  organizations: User['organizations']
  /** The current organization's WorkOS id. */
  current: string | null
  onSwitch: (organizationWorkOSId: string) => void
}) {
  return (
    <Menu
      checkedValues={{ organization: current !== null ? [current] : [] }}
      onCheckedValueChange={(_, data) => {
        const target = data.checkedItems[0]
        if (target && target !== current) onSwitch(target)
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuItem icon={<ArrowSwap24Regular />} data-testid="switch-organization">
          Switch organization
        </MenuItem>
      </MenuTrigger>
      <MenuPopover>
        <MenuList data-testid="switch-organization-list">
          {organizations.map((o) => (
            <MenuItemRadio
              key={o.id}
              name="organization"
              value={o.organizationWorkOSId}
              data-testid={`switch-organization-${o.organizationWorkOSId}`}
              secondaryContent={
                o.unreadNotificationCount > 0 ? (
                  <CounterBadge count={o.unreadNotificationCount} size="small" aria-label={`${o.unreadNotificationCount} unread`} />
                ) : undefined
              }
            >
              {o.name}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

/** The avatar menu of spec §2; ADMIN and GHOST also get Organization, Invite users and New Team (spec §6). */
export function AvatarMenu({ user }: { user: User }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const reload = useReload()
  const { openChat, openHelpCenter, chatUnavailable } = useSupportActions()
  const logout = useLogout()
  const { mutate: switchOrganization } = useSwitchOrganization()
  // The dialogs are the shell's (AccountDialogs): this menu moves between the top and the bottom bar.
  const openDialog = useOpenAccountDialog()

  const organization = currentOrganization(user)
  const admin = isAdmin(user)
  const newTeam = useNewTeam(useCallback(() => openDialog('newTeam'), [openDialog]), { enabled: admin })

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="transparent"
            aria-label={`Account menu for ${user.fullName}`}
            data-testid="avatar-menu-button"
            icon={<PersonAvatar name={user.fullName} image={user.image ? { src: user.image } : undefined} size={32} color="colorful" />}
          />
        </MenuTrigger>
        <MenuPopover data-testid="avatar-menu">
          <MenuList>
            {organization ? (
              <div className={styles.organization} data-testid="avatar-menu-organization">
                <Text weight="semibold">{organization.name}</Text>
                <Caption1 className={styles.organizationId}>ID: {organization.organizationWorkOSId}</Caption1>
              </div>
            ) : null}
            <MenuDivider />
            <MenuItem icon={<Person24Regular />} onClick={() => void navigate(paths.settings)} data-testid="menu-profile">
              Profile
            </MenuItem>
            <MenuItem icon={<Settings24Regular />} onClick={() => void navigate(paths.settings)} data-testid="menu-settings">
              Settings
            </MenuItem>
            {organization ? (
              <MenuItem icon={<DocumentText24Regular />} onClick={() => void navigate(paths.guideline)} data-testid="menu-guideline">
                Posting guideline
              </MenuItem>
            ) : null}
            {admin ? (
              <MenuItem icon={<Building24Regular />} onClick={() => void navigate(paths.organizationSettings)} data-testid="menu-organization">
                Organization
              </MenuItem>
            ) : null}
            {admin ? (
              <MenuItem icon={<Receipt24Regular />} onClick={() => void navigate(paths.billingSettings)} data-testid="menu-billing">
                Billing
              </MenuItem>
            ) : null}
            {admin ? (
              <MenuItem icon={<PersonAdd24Regular />} onClick={() => openDialog('invite')} data-testid="menu-invite-users">
                Invite users
              </MenuItem>
            ) : null}
            {admin ? (
              <MenuItem icon={<PeopleTeamAdd24Regular />} onClick={newTeam.start} data-testid="menu-new-team">
                New Team
              </MenuItem>
            ) : null}
            <ThemeSubmenu />
            {user.organizations.length >= 2 ? (
              <SwitchOrganizationSubmenu
                organizations={user.organizations}
                current={organization?.organizationWorkOSId ?? null}
                onSwitch={(organizationWorkOSId) => switchOrganization({ organizationWorkOSId })}
              />
            ) : null}
            <MenuItem icon={<AddCircle24Regular />} onClick={() => openDialog('createOrganization')} data-testid="create-organization">
              Create new organization
            </MenuItem>
            <MenuDivider />
            <MenuItem
              icon={<ChatHelp24Regular />}
              onClick={openChat}
              disabled={chatUnavailable !== null}
              subText={chatUnavailable ?? undefined}
              data-testid="menu-chat"
            >
              Chat with support
            </MenuItem>
            <MenuItem icon={<QuestionCircle24Regular />} onClick={openHelpCenter} data-testid="menu-help-center">
              Help center
            </MenuItem>
            <MenuDivider />
            <MenuItem
              icon={<SignOut24Regular />}
              disabled={logout.isPending}
              data-testid="logout"
              onClick={() => logout.mutate(undefined, { onSettled: () => reload(paths.login) })}
            >
              Log out
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  )
}
