import { useConfig } from '@renderer/api/config'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { useHost } from '@renderer/host/HostContext'
import { openSupportChat } from './supportChat'

/** 'Chat with support' and 'Help center', shared by the navigation and the avatar menu. */
export function useSupportActions() {
  const config = useConfig()
  const user = useUser()
  const organization = useOrganization()
  const host = useHost()

  const openChat = () => {
    const settings = config.data?.supportChat
    if (!settings || !user.data) {
      // Spec §1: without a configured chat the error is only logged.
      console.error('Support chat is not initialised.')
      return
    }
    openSupportChat(settings, user.data, organization.data)
  }

  const openHelpCenter = () => {
    const url = config.data?.helpCenterUrl
    if (!url) {
      console.error('The help center address is not configured.')
      return
    }
    host.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url}.`, error))
  }

  return { openChat, openHelpCenter }
}
