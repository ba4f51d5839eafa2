import { resolve } from 'node:path'
import { app } from 'electron'
import { DEEP_LINK_SCHEME } from '../services/deep-link'

/** Makes Pagecrew the handler of pagecrew:// links. Packaged builds also declare the scheme in
 * electron-builder.yml (Info.plist, .desktop file, registry); this covers development runs, where
 * the OS must start Electron with the app's entry script. */
export function registerProtocolClient(): void {
  const entry = process.argv[1]
  if (process.defaultApp && entry !== undefined) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(entry)])
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  }
}
