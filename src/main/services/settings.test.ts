import { describe, expect, it } from 'vitest'
import { createSettings, onScreenBounds, type KeyValueStore } from './settings'

function mapStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial))
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) }
}

describe('createSettings', () => {
  it('uses the embedded server until a team server origin is set', () => {
    const store = mapStore()
    const settings = createSettings(store)
    expect(settings.getServerUrl()).toBeUndefined()
    settings.setServerUrl(' https://Pagecrew.Example.com/ ')
    expect(settings.getServerUrl()).toBe('https://pagecrew.example.com')
    settings.setServerUrl('http://10.0.0.5:4680')
    expect(settings.getServerUrl()).toBe('http://10.0.0.5:4680')
    settings.setServerUrl(undefined)
    expect(store.data.has('serverUrl')).toBe(false)
  })

  it.each(['ftp://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'https://u:p@example.com', 'https://example.com/app', 'https://example.com/?x=1', 'not a url'])(
    'refuses %s as the server',
    (url) => {
      expect(() => createSettings(mapStore()).setServerUrl(url)).toThrow(/server address/)
    }
  )

  it('ignores a stored server value that is not a valid origin', () => {
    expect(createSettings(mapStore({ serverUrl: 'file:///x' })).getServerUrl()).toBeUndefined()
    expect(createSettings(mapStore({ serverUrl: 42 })).getServerUrl()).toBeUndefined()
  })

  it('remembers valid window bounds and ignores broken ones', () => {
    const store = mapStore()
    const settings = createSettings(store)
    expect(settings.getWindowBounds()).toBeUndefined()
    settings.setWindowBounds({ x: 10, y: -20, width: 1200, height: 800, maximized: true })
    expect(settings.getWindowBounds()).toEqual({ x: 10, y: -20, width: 1200, height: 800, maximized: true })
    settings.setWindowBounds({ width: 10, height: 10, maximized: false })
    expect(settings.getWindowBounds()?.width).toBe(1200)
    store.data.set('windowBounds', { width: 'wide' })
    expect(settings.getWindowBounds()).toBeUndefined()
  })
})

describe('onScreenBounds', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1040 }
  const second = { x: 1920, y: 0, width: 1280, height: 1000 }
  it('keeps a position whose title bar is on a display', () => {
    const bounds = { x: 2000, y: 100, width: 1000, height: 700, maximized: false }
    expect(onScreenBounds(bounds, [display, second])).toBe(bounds)
  })
  it('drops a position that is off every display', () => {
    expect(onScreenBounds({ x: 2000, y: 100, width: 1000, height: 700, maximized: true }, [display])).toEqual({ width: 1000, height: 700, maximized: true })
    expect(onScreenBounds({ x: 100, y: -500, width: 1000, height: 700, maximized: false }, [display])).toEqual({ width: 1000, height: 700, maximized: false })
  })
})
