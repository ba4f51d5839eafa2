import { shell } from 'electron'
import { externalUrlSchema } from '@shared/host'
import type { ShellPort } from '../services/ports'

/** Opens http(s) and mailto addresses outside the app; anything else is refused here too. */
export const electronShell: ShellPort = {
  async openExternal(url) {
    if (!externalUrlSchema.safeParse(url).success) throw new Error('Only http, https and mailto links open outside the app.')
    await shell.openExternal(url)
  }
}
