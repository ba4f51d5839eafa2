import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components'
import { THEME_STORAGE_KEY } from '@shared/constants'
import { themeSchema, type Theme } from '@shared/domain'
import { useHost } from '@renderer/host/HostContext'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useMotionAndContrastStyles } from './motionAndContrast'

/** The theme choice lives in localStorage under 'theme', default 'system' (spec §4). */
const themeListeners = new Set<() => void>()

function readThemeChoice(): Theme {
  try {
    return themeSchema.safeParse(localStorage.getItem(THEME_STORAGE_KEY)).data ?? 'system'
  } catch {
    return 'system'
  }
}

function writeThemeChoice(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch (error) {
    console.error('Could not store the theme choice.', error)
  }
  themeListeners.forEach((listener) => listener())
}

function subscribeThemeChoice(listener: () => void): () => void {
  themeListeners.add(listener)
  // Another window of the app changed it.
  window.addEventListener('storage', listener)
  return () => {
    themeListeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

interface ThemeContextValue {
  choice: Theme
  resolved: 'light' | 'dark'
  setChoice: (theme: Theme) => void
}

const ThemeContext = createContext<ThemeContextValue | null>(null)

export function ThemeProvider({ children }: { children: ReactNode }) {
  const host = useHost()
  const choice = useSyncExternalStore(subscribeThemeChoice, readThemeChoice)
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)')
  const resolved = choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice
  useMotionAndContrastStyles()

  useEffect(() => {
    host.setTheme(choice).catch((error: unknown) => console.error('Could not apply the theme to the window.', error))
  }, [host, choice])

  useEffect(() => {
    document.documentElement.style.colorScheme = resolved
  }, [resolved])

  return (
    <ThemeContext.Provider value={{ choice, resolved, setChoice: writeThemeChoice }}>
      <FluentProvider theme={resolved === 'dark' ? webDarkTheme : webLightTheme} style={{ height: '100%' }} data-theme={resolved}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  )
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('ThemeProvider is missing')
  return value
}
