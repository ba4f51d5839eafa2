import { nativeTheme } from 'electron'
import type { ThemePort } from '../services/ports'

/** Title bar, scrollbars and native dialogs follow the theme chosen in the renderer. */
export const electronTheme: ThemePort = {
  setTheme(theme) {
    nativeTheme.themeSource = theme
  }
}
