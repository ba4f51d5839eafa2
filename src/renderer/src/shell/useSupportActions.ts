import { useConfig } from '@renderer/api/config'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { useHost } from '@renderer/host/HostContext'
import { openSupportChat } from './supportChat'

/** Why Chat is unavailable, beside it while the server has no support chat configured. */
export const CHAT_NOT_CONFIGURED = 'Support chat is not set up on this server.'

/**
 * 'Chat with support' and 'Help center', shared by the navigation and the avatar menu.
 * `chatUnavailable` is the reason to show on a disabled Chat once the configuration says there is
 * none (a Chat that does nothing visible helps no one); null while it may work.
 */
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

  const chatUnavailable = config.isSuccess && !config.data.supportChat ? CHAT_NOT_CONFIGURED : null

  return { openChat, openHelpCenter, chatUnavailable }
}
