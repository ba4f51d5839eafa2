import { useNavigate } from 'react-router-dom'
import { Button, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { ChatHelp24Regular, Navigation24Regular, QuestionCircle24Regular } from '@fluentui/react-icons'
import { useNavigationEntries } from './navigation'
import { useSupportActions } from './useSupportActions'

/** On small screens the left navigation's items live in this menu (spec §2). */
export function MobileNavMenu() {
  const navigate = useNavigate()
  const { openChat, openHelpCenter, chatUnavailable } = useSupportActions()
  const mainEntries = useNavigationEntries('main')
  const bottomEntries = useNavigationEntries('bottom')
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Navigation24Regular />} aria-label="Open navigation menu" data-testid="mobile-nav-button" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList data-testid="mobile-nav-menu">
          {mainEntries.map(({ path, nav: { label }, icon: Icon }) => (
            <MenuItem key={path} icon={<Icon />} onClick={() => void navigate(path)}>
              {label}
            </MenuItem>
          ))}
          <MenuDivider />
          <MenuItem icon={<ChatHelp24Regular />} onClick={openChat} disabled={chatUnavailable !== null} subText={chatUnavailable ?? undefined}>
            Chat
          </MenuItem>
          <MenuItem icon={<QuestionCircle24Regular />} onClick={openHelpCenter}>
            Help center
          </MenuItem>
          {bottomEntries.map(({ path, nav: { label }, icon: Icon }) => (
            <MenuItem key={path} icon={<Icon />} onClick={() => void navigate(path)}>
              {label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
